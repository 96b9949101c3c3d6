/** Texts of a person's data rights (Settings > Privacy, a closed account's screen). Keys start with 'privacy.'. */
export const privacy = {
  'privacy.menu': 'Privacy',
  'privacy.title': 'Privacy and your data',
  'privacy.intro': 'Your data is yours. Download a copy of everything we hold about you, or delete your account.',
  'privacy.pageLink': 'Privacy',
  'privacy.readPage': 'Read how we handle your data on our privacy page.',
  'privacy.signUpNotice': 'We only keep what the marketplace needs. How we handle your data:',

  'privacy.export.title': 'Download my data',
  'privacy.export.what':
    'One ZIP file with your account, requests or offers, reviews, chats, notifications, settings, reports, payments and your own pictures, with a README that explains each file. We email you a link when it is ready; it works for {hours} hours.',
  'privacy.export.ask': 'Download my data',
  'privacy.export.asking': 'Asking...',
  'privacy.export.preparing': 'We are preparing your copy. This takes a minute or two; we will also email you.',
  'privacy.export.ready': 'Your copy is ready ({size}).',
  'privacy.export.download': 'Download the ZIP',
  'privacy.export.until': 'The link works until {date}. Then the file is deleted.',
  'privacy.export.failed': 'Your copy could not be made. Ask again.',
  'privacy.export.none': 'You have not asked for a copy yet.',
  'privacy.export.expired': 'Your last copy was deleted after {hours} hours.',
  'privacy.export.nextAt': 'You can ask for a new copy from {date}.',
  'privacy.export.loadError': 'Could not load the state of your copy.',

  'privacy.delete.title': 'Delete my account',
  'privacy.delete.what': 'What happens when you delete your account:',
  'privacy.delete.now': 'Right away: you are signed out on every device and nobody sees your profile any more.',
  'privacy.delete.client': 'Your open requests close and the offers on them are declined.',
  'privacy.delete.business':
    'Your pending offers are withdrawn, your ads stop, your public page and search listing disappear and your plan goes back to Basic: nothing more is charged.',
  'privacy.delete.after':
    'After {days} days everything is erased for good: your profile, requests, offers, messages and pictures. You get an email with the date.',
  'privacy.delete.kept':
    'What others rely on stays without your name: reviews you wrote (as a "former client"), messages others sent you, and payment records the law requires.',
  'privacy.delete.changeMind': 'Changed your mind? Sign in again within {days} days and keep your account.',
  'privacy.delete.downloadFirst': 'Download your data first if you want to keep a copy.',
  'privacy.delete.password': 'Your password',
  'privacy.delete.confirm': 'I have read what happens and want to delete my account',
  'privacy.delete.button': 'Delete my account',
  'privacy.delete.deleting': 'Deleting...',
  'privacy.delete.dialogTitle': 'Delete your account?',
  'privacy.delete.dialogText':
    'You will be signed out now. Your account is erased on {date} unless you sign in again before then.',
  'privacy.delete.dialogConfirm': 'Yes, delete it',
  'privacy.delete.dialogCancel': 'No, keep it',
  'privacy.closing.title': 'Your account is closed',
  'privacy.closing.date': 'It will be erased on {date}.',
  'privacy.closing.explain':
    'You deleted it. Until that date you can keep it: your profile, requests and conversations come back. What closing ended stays ended (closed requests can be reopened).',
  'privacy.closing.keep': 'Keep my account',
  'privacy.closing.keeping': 'Keeping...',
  'privacy.closing.signOut': 'Sign out',
  'privacy.closing.loadError': 'Could not load the state of your account.',
};
