/** Texts of the installable app: offline notice, update and install prompts, push on this device, the iPhone help page. Keys start with 'pwa.'. */
export const pwa = {
  'pwa.offline': 'You are offline: showing what you saw at {time}.',
  'pwa.update.ready': 'A new version of Interio is ready.',
  'pwa.update.reload': 'Reload',
  'pwa.install.text': 'Add Interio to your home screen: it opens like an app and tells you of new offers at once.',
  'pwa.install.button': 'Install',
  'pwa.install.iosLink': 'How to add it on iPhone',
  'pwa.install.dismiss': 'Not now',
  'pwa.push.legend': 'Push notifications on this device',
  'pwa.push.on': 'Push notifications are on for this device.',
  'pwa.push.off': 'Get a notification on this device the moment an offer or a message arrives.',
  'pwa.push.turnOn': 'Turn on push on this device',
  'pwa.push.turnOff': 'Turn off push on this device',
  'pwa.push.denied':
    'This browser blocks notifications from Interio. Allow them in the site settings of your browser, then try again.',
  'pwa.push.unsupported':
    'This browser cannot receive push notifications. On iPhone, add Interio to the home screen first (iOS 16.4 or later).',
  'pwa.push.failed': 'Push could not be turned on. Try again.',
  'pwa.ios.title': 'Add Interio to the home screen of your iPhone',
  'pwa.ios.intro': 'On iPhone and iPad, Interio installs from Safari (iOS 16.4 or later for notifications):',
  'pwa.ios.step1': 'Open Interio in Safari.',
  'pwa.ios.step2': 'Tap the Share button (the square with an arrow pointing up).',
  'pwa.ios.step3': 'Choose "Add to Home Screen", then "Add".',
  'pwa.ios.step4':
    'Open Interio from its new icon, sign in, and turn on push in Settings > Notifications to hear of offers at once.',
  'pwa.ios.back': 'Back to Interio',
} as const;
