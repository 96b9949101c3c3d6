/** Texts of the notifications screens (English: the spec's texts). Keys start with 'notifications.'. */
export const notifications = {
  'notifications.bell.label':
    '{count, plural, =0 {Notifications, none unread} one {Notifications, # unread} other {Notifications, # unread}}',
  'notifications.menu': 'Notifications',
  'notifications.title': 'Notifications',
  'notifications.loading': 'Loading notifications',
  'notifications.empty': 'No notifications yet. You will see new offers, replies and requests here.',
  'notifications.markAll': 'Mark all as read',
  'notifications.unread': 'Unread',
  'notifications.kind.newOffer': '{business} made an offer of {price} on "{title}"',
  'notifications.kind.offerAccepted': 'Your offer on "{title}" was accepted',
  'notifications.kind.offerDeclined': 'Your offer on "{title}" was declined',
  'notifications.kind.acceptanceCancelled': 'The client set your accepted offer on "{title}" back to pending',
  'notifications.kind.reviewReceived': 'You received a review: {rating} of 5 on "{title}"',
  'notifications.kind.requestDeleted': 'The request "{title}" you offered on was deleted',
  'notifications.kind.paymentReceipt': 'Payment received: {amount}',
  'notifications.kind.newLead': 'New request in {town}: "{title}"',
  'notifications.kind.leadDigest':
    '{count, plural, one {# new request matching your services today} other {# new requests matching your services today}}',
  'notifications.kind.chatUnread': 'Unread messages from {sender}',
} as const;
