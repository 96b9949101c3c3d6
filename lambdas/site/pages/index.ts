/**
 * The public pages as React components, rendered to complete HTML on the server (../render.tsx): readable with
 * JavaScript off. Pure components over loaded data: no hooks touching `window`, no app providers. Links inside
 * the site are paths (so the same page works on every host); canonical and hreflang are absolute (../seo.ts).
 * One file per page; document.tsx is the frame around each, parts.tsx what several pages show, scripts.ts the
 * few inline scripts.
 */
export { APP_LINKS, Document } from './document';
export { LandingPage } from './landing';
export { DirectoryPage } from './directory';
export { PriceGuideSection } from './priceGuide';
export { BusinessPage } from './business';
export { StatusPage } from './status';
export { PrivacyPage, privacyHead } from './privacy';
export { SCRIPTS } from './scripts';
export { BoardPage, IdeaPage, IdeasGalleryPage } from './ideas';
