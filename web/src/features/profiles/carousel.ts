/** Profile carousels scroll by this many pixels per button press. */
export const PROFILE_SCROLL_STEP = 332;
