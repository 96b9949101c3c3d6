/**
 * The public pages' stylesheet, inlined into every page (no render-blocking request). Its colours, type, spacing
 * and radii are the design tokens the web app styles itself with: the `:root` block made from common/designTokens.ts.
 */
import { designTokensCss } from '../../common/designTokens';

const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;padding:0}
body{font-family:var(--font-body);font-size:var(--font-size-md);line-height:var(--line-height);color:var(--color-text);background:var(--color-bg);-webkit-font-smoothing:antialiased}
h1,h2,h3{font-family:var(--font-heading);font-weight:600;line-height:1.2;margin:0 0 var(--space-3)}
h1{font-size:clamp(1.9rem,4vw,var(--font-size-3xl))}
h2{font-size:var(--font-size-2xl)}
h3{font-size:var(--font-size-lg)}
p{margin:0 0 var(--space-3)}
a{color:var(--color-primary)}
a:hover{color:var(--color-primary-hover)}
a:focus-visible,button:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}
img{max-width:100%;height:auto;display:block}
.skip{position:absolute;left:-999px;top:0;background:var(--color-surface);padding:var(--space-2) var(--space-4)}
.skip:focus{left:var(--space-4);z-index:10}
.wrap{max-width:var(--content-max);margin:0 auto;padding:0 var(--space-5)}
.site-header{background:var(--color-surface);border-bottom:1px solid var(--color-border)}
.site-header .wrap{display:flex;align-items:center;justify-content:space-between;gap:var(--space-4);min-height:var(--navbar-height);flex-wrap:wrap}
.brand{display:inline-flex;align-items:center;gap:var(--space-2);font-family:var(--font-heading);font-size:var(--font-size-xl);font-weight:600;color:var(--color-text);text-decoration:none}
.brand-mark{width:32px;height:32px;border-radius:8px;background:var(--color-brand);display:inline-flex;align-items:center;justify-content:center}
.header-actions{display:flex;align-items:center;gap:var(--space-3)}
.lang{font-weight:600;font-size:var(--font-size-sm);text-decoration:none;padding:var(--space-1) var(--space-3);border:1px solid var(--color-border);border-radius:var(--radius-pill)}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:var(--space-2);min-height:44px;padding:0 var(--space-5);border-radius:var(--radius-pill);border:1px solid transparent;background:var(--color-surface-alt);color:var(--color-text);font:inherit;font-weight:600;font-size:var(--font-size-sm);cursor:pointer;text-decoration:none;white-space:nowrap}
.btn:hover{background:var(--color-surface-sunken);color:var(--color-text)}
.btn-primary{background:var(--color-primary);color:var(--color-on-primary)}
.btn-primary:hover{background:var(--color-primary-hover);color:var(--color-on-primary)}
.btn-secondary{background:var(--color-surface);border-color:var(--color-border-strong)}
.btn-lg{min-height:52px;padding:0 var(--space-8);font-size:var(--font-size-md)}
main{display:block;padding-bottom:var(--space-12)}
.crumbs{font-size:var(--font-size-sm);color:var(--color-text-muted);padding:var(--space-4) 0}
.crumbs ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:var(--space-2)}
.crumbs li+li::before{content:'›';margin-right:var(--space-2)}
.hero{background:radial-gradient(circle at 80% 30%,#c98a5f 0,transparent 45%),radial-gradient(circle at 15% 80%,#7c8f6e 0,transparent 40%),#5a4536;color:#fff;padding:var(--space-12) 0}
.hero h1{color:#fff;max-width:16em}
.hero p{max-width:36em;font-size:var(--font-size-lg);opacity:.95}
.hero .hero-badge{display:inline-block;margin-bottom:var(--space-5);padding:var(--space-1) var(--space-4);border:1px solid rgba(255,255,255,.35);border-radius:var(--radius-pill);background:rgba(255,255,255,.12);font-size:var(--font-size-sm);font-weight:600;max-width:none}
.hero .hero-tagline{font-family:var(--font-heading);font-style:italic;font-size:var(--font-size-xl);opacity:1;margin-bottom:var(--space-4)}
.stats{display:flex;flex-wrap:wrap;gap:var(--space-8);margin:var(--space-8) 0 var(--space-6);padding:0;list-style:none}
.stats strong{display:block;font-family:var(--font-heading);font-size:var(--font-size-3xl);line-height:1}
.section{padding:var(--space-10) 0 0}
.grid{display:grid;gap:var(--space-5);grid-template-columns:repeat(auto-fill,minmax(280px,1fr));list-style:none;margin:0;padding:0}
.card{background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius-lg);box-shadow:var(--shadow-sm);padding:var(--space-5)}
.section-head{display:flex;align-items:center;justify-content:space-between;gap:var(--space-4);margin-bottom:var(--space-4)}
.section-head h2{margin:0}
.carousel{--per-view:3;display:grid;grid-auto-flow:column;grid-auto-columns:calc((100% - (var(--per-view) - 1) * var(--space-5)) / var(--per-view));gap:var(--space-5);overflow-x:auto;scroll-snap-type:x mandatory;overscroll-behavior-x:contain;list-style:none;margin:0;padding:2px 0 var(--space-3)}
.carousel>li{scroll-snap-align:start}
.js-carousel .carousel{scrollbar-width:none}
.js-carousel .carousel::-webkit-scrollbar{display:none}
.carousel-nav{display:flex;gap:var(--space-2);visibility:hidden}
.js-carousel .carousel-nav{visibility:visible}
.carousel-btn{width:44px;height:44px;border-radius:50%;border:1px solid var(--color-border-strong);background:var(--color-surface);color:var(--color-text);display:inline-flex;align-items:center;justify-content:center;cursor:pointer;padding:0}
.carousel-btn:hover{background:var(--color-primary-soft);color:var(--color-primary)}
.service-card{position:relative;display:flex;flex-direction:column;gap:var(--space-2);transition:border-color .15s,box-shadow .15s}
.service-card:hover{border-color:var(--color-border-strong);box-shadow:var(--shadow-md)}
.service-card:focus-within{outline:3px solid var(--color-focus);outline-offset:-3px}
.service-card h3{margin:0;font-size:var(--font-size-lg)}
.service-card h3 a{color:var(--color-text);text-decoration:none}
.service-card h3 a::after{content:'';position:absolute;inset:0;border-radius:inherit}
.service-card h3 a:focus-visible{outline:none}
.service-card p{margin:0}
.service-icon{display:inline-flex;align-items:center;justify-content:center;width:52px;height:52px;border-radius:var(--radius-md);background:var(--color-primary-soft);color:var(--color-primary);margin-bottom:var(--space-2)}
.service-card .service-count{margin-top:auto;padding-top:var(--space-2);font-weight:600;color:var(--color-primary)}
.about{display:grid;grid-template-columns:minmax(0,3fr) minmax(260px,2fr);gap:var(--space-8);align-items:start}
.about p{max-width:42em}
.about-card{background:var(--color-surface-alt);box-shadow:none}
.about-card h3{margin-bottom:var(--space-2)}
.muted{color:var(--color-text-muted)}
.small{font-size:var(--font-size-sm)}
.chips{display:flex;flex-wrap:wrap;gap:var(--space-2);list-style:none;margin:0 0 var(--space-4);padding:0}
.chips li a,.chips li span{display:inline-flex;align-items:center;min-height:40px;padding:var(--space-1) var(--space-4);border-radius:var(--radius-pill);background:var(--color-surface-alt);text-decoration:none;font-size:var(--font-size-sm);color:var(--color-text)}
.chips li a:hover{background:var(--color-primary-soft)}
.steps{counter-reset:step;list-style:none;padding:0;display:grid;gap:var(--space-4);grid-template-columns:repeat(auto-fit,minmax(200px,1fr))}
.steps li{counter-increment:step;background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius-lg);padding:var(--space-5);display:flex;align-items:center;gap:var(--space-3)}
.steps li::before{content:counter(step);flex:none;display:grid;place-items:center;width:32px;height:32px;border-radius:50%;background:var(--color-primary-soft);color:var(--color-primary);font-weight:700;line-height:1;font-variant-numeric:lining-nums}
.sponsored-label{display:inline-block;font-size:var(--font-size-sm);text-transform:uppercase;letter-spacing:.06em;color:var(--color-primary);background:var(--color-primary-soft);padding:2px var(--space-3);border-radius:var(--radius-pill)}
.sponsored-card{padding:0;overflow:hidden}
.sponsored-card a{display:block;text-decoration:none;color:var(--color-text)}
.sponsored-card img{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;background:var(--color-surface-alt)}
.sponsored-name{display:block;padding:var(--space-3) var(--space-4);font-weight:600}
.biz-card{display:flex;gap:var(--space-4);align-items:flex-start}
.biz-card img,.avatar{width:72px;height:72px;border-radius:var(--radius-md);object-fit:cover;flex:none;background:var(--color-surface-alt)}
.avatar{display:flex;align-items:center;justify-content:center;font-family:var(--font-heading);font-size:var(--font-size-2xl);color:var(--color-primary)}
.biz-card h2,.biz-card h3{font-size:var(--font-size-lg);margin:0 0 var(--space-1)}
.biz-card h2 a,.biz-card h3 a{text-decoration:none;color:var(--color-text)}
.biz-card h2 a:hover,.biz-card h3 a:hover{color:var(--color-primary)}
.stars{color:var(--color-star);letter-spacing:1px}
.badge{display:inline-flex;align-items:center;gap:4px;font-size:var(--font-size-xs);font-weight:700;color:var(--color-success);background:var(--color-success-soft);border-radius:var(--radius-pill);padding:2px var(--space-2)}
.profile-head{display:grid;grid-template-columns:auto 1fr;gap:var(--space-6);align-items:center;padding:var(--space-6) 0}
.profile-head .logo{width:112px;height:112px;border-radius:var(--radius-xl);object-fit:cover}
.profile-head .avatar{width:112px;height:112px;border-radius:var(--radius-xl);font-size:var(--font-size-3xl)}
.profile-head h1{margin-bottom:var(--space-2)}
.facts{display:flex;flex-wrap:wrap;gap:var(--space-4);align-items:center;margin:0;padding:0;list-style:none}
.profile{display:grid;grid-template-columns:minmax(0,2fr) minmax(260px,1fr);gap:var(--space-8)}
.profile aside .card{position:sticky;top:var(--space-4)}
.gallery{display:grid;gap:var(--space-3);grid-template-columns:repeat(auto-fill,minmax(200px,1fr));list-style:none;margin:0;padding:0}
.gallery img{width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:var(--radius-md)}
.review{border-top:1px solid var(--color-border);padding:var(--space-4) 0}
.review:first-child{border-top:none}
.review header{display:flex;justify-content:space-between;gap:var(--space-3);flex-wrap:wrap}
.reply{margin:var(--space-3) 0 0 var(--space-4);padding:var(--space-3) var(--space-4);border-left:3px solid var(--color-primary-soft);background:var(--color-surface-alt);border-radius:0 var(--radius-md) var(--radius-md) 0}
.share{display:flex;flex-wrap:wrap;gap:var(--space-2);margin-top:var(--space-4)}
.share [data-share-native]{display:none}
.js-share .share [data-share-native]{display:inline-flex}
.js-share .share [data-share-fallback]{display:none}
.cta-block{display:flex;flex-direction:column;gap:var(--space-3)}
.cta-block .btn-lg,.hero .btn-lg,.empty .btn{white-space:normal;text-align:center;padding-top:var(--space-3);padding-bottom:var(--space-3)}
h1,h2,h3,p,li{overflow-wrap:anywhere}
.nav-link{font-weight:600;font-size:var(--font-size-sm);color:var(--color-text);text-decoration:none;padding:var(--space-2) var(--space-2);min-height:44px;display:inline-flex;align-items:center}
.nav-link:hover{color:var(--color-primary)}
.lead{font-size:var(--font-size-lg);color:var(--color-text-muted);max-width:44em}
.idea-filters{margin:var(--space-4) 0 var(--space-6)}
.filter-title{font-family:var(--font-body);font-size:var(--font-size-xs);font-weight:700;text-transform:uppercase;letter-spacing:.06em;color:var(--color-text-muted);margin:0 0 var(--space-2)}
.chips li a[aria-current]{background:var(--color-primary);color:var(--color-on-primary)}
.idea-grid{display:grid;gap:var(--space-5);grid-template-columns:repeat(auto-fill,minmax(240px,1fr));list-style:none;margin:0;padding:0}
.idea-tile{position:relative;background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius-lg);overflow:hidden;box-shadow:var(--shadow-sm);transition:box-shadow .15s,border-color .15s}
.idea-tile:hover{box-shadow:var(--shadow-md);border-color:var(--color-border-strong)}
.idea-tile a{display:block;color:var(--color-text);text-decoration:none}
.idea-tile a:focus-visible{outline-offset:-3px}
.idea-picture{width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;background:var(--color-surface-alt)}
.idea-caption{display:flex;flex-direction:column;gap:2px;padding:var(--space-3) var(--space-4) var(--space-4)}
.idea-caption strong{font-size:var(--font-size-sm);line-height:1.35}
.idea-band{position:absolute;top:var(--space-3);left:var(--space-3);background:rgba(30,24,20,.82);color:#fff;font-size:var(--font-size-xs);font-weight:700;border-radius:var(--radius-pill);padding:var(--space-1) var(--space-3)}
.pager{display:flex;flex-wrap:wrap;gap:var(--space-3);justify-content:center;margin:var(--space-8) 0}
.cta-band{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:var(--space-4);background:var(--color-primary-soft);border-color:transparent;box-shadow:none}
.cta-band p{margin:0;font-family:var(--font-heading);font-size:var(--font-size-xl)}
.idea-layout{display:grid;grid-template-columns:minmax(0,3fr) minmax(300px,2fr);gap:var(--space-8);align-items:start}
.idea-figure{margin:0}
.idea-large{width:100%;height:auto;border-radius:var(--radius-lg);background:var(--color-surface-alt)}
.idea-aside h1{font-size:clamp(1.6rem,3vw,var(--font-size-2xl))}
.idea-business{display:flex;gap:var(--space-4);align-items:flex-start;padding:var(--space-4);border:1px solid var(--color-border);border-radius:var(--radius-lg);background:var(--color-surface);margin-bottom:var(--space-4)}
.idea-business p{margin:0 0 var(--space-1)}
.idea-business-name{font-family:var(--font-heading);font-size:var(--font-size-lg);font-weight:600}
.idea-business-name a{color:var(--color-text)}
.logo-sm,.avatar-sm{width:56px;height:56px;border-radius:var(--radius-md);object-fit:cover;flex:none}
.avatar-sm{font-size:var(--font-size-xl)}
.idea-cost{background:var(--color-accent-soft);border-radius:var(--radius-lg);padding:var(--space-4);margin-bottom:var(--space-4)}
.idea-cost p{margin:0}
.idea-cost-band{font-family:var(--font-heading);font-size:var(--font-size-2xl);font-weight:600;margin:var(--space-1) 0 var(--space-2)!important}
.idea-actions{display:flex;flex-direction:column;gap:var(--space-2);margin-bottom:var(--space-6)}
.idea-actions .btn-lg{white-space:normal;text-align:center}
.idea-actions p{margin:0}
.idea-actions .share{margin-top:var(--space-2)}
.h3{font-size:var(--font-size-lg)}
.idea-details{display:grid;grid-template-columns:auto 1fr;gap:var(--space-2) var(--space-5);margin:0 0 var(--space-4)}
.idea-details dt{color:var(--color-text-muted);font-size:var(--font-size-sm)}
.idea-details dd{margin:0;font-weight:600}
.idea-details a{display:inline-block;min-height:24px}
.empty{padding:var(--space-8);text-align:center}
.site-footer{border-top:1px solid var(--color-border);background:var(--color-surface);padding:var(--space-8) 0;font-size:var(--font-size-sm);color:var(--color-text-muted)}
.site-footer .wrap{display:grid;gap:var(--space-6);grid-template-columns:repeat(auto-fit,minmax(220px,1fr))}
.site-footer ul{list-style:none;padding:0;margin:0}
.site-footer a{color:var(--color-text-muted)}
.site-footer li a{display:inline-block;padding:var(--space-1) 0;min-height:24px}
.status{padding:var(--space-12) 0;text-align:center}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.guide{padding:var(--space-6) var(--space-8);margin-bottom:var(--space-8)}
.guide-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:var(--space-2) var(--space-4);margin-bottom:var(--space-5)}
.guide-head h2{margin:0}
.guide-scope{font-size:var(--font-size-xs);font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:var(--color-accent);background:var(--color-accent-soft);border-radius:var(--radius-pill);padding:var(--space-1) var(--space-3)}
.guide-body{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:var(--space-6) var(--space-8);align-items:start}
.guide-figure{grid-column:1;grid-row:1}
.guide-method{grid-column:2;grid-row:1}
.guide-towns{grid-column:1/-1}
.guide-note{background:var(--color-warning-soft);color:var(--color-warning);border-radius:var(--radius-md);padding:var(--space-2) var(--space-3);font-size:var(--font-size-sm)}
.guide-numbers{display:flex;flex-wrap:wrap;gap:var(--space-4) var(--space-10);margin:0 0 var(--space-5)}
.guide-numbers dt{font-size:var(--font-size-sm);color:var(--color-text-muted);margin-bottom:var(--space-1)}
.guide-numbers dd{margin:0;font-family:var(--font-heading);font-size:var(--font-size-xl);font-weight:600;font-variant-numeric:tabular-nums}
.guide-median dd{font-size:var(--font-size-3xl);line-height:1;color:var(--color-primary)}
.guide-bar{position:relative;height:12px;border-radius:var(--radius-pill);background:var(--color-surface-sunken);margin:var(--space-2) 0}
.guide-bar-half{position:absolute;top:0;bottom:0;border-radius:var(--radius-pill);background:var(--color-brand);opacity:.8}
.guide-bar-median{position:absolute;top:-5px;width:4px;height:22px;margin-left:-2px;border-radius:2px;background:var(--color-text)}
.guide-ends{display:flex;justify-content:space-between;margin-bottom:var(--space-4);font-variant-numeric:tabular-nums}
.guide-empty{background:var(--color-surface-alt);border-radius:var(--radius-md);padding:var(--space-5)}
.guide-empty-title{font-family:var(--font-heading);font-size:var(--font-size-lg);font-weight:600;margin-bottom:var(--space-2)}
.guide-method{border-left:3px solid var(--color-primary-soft);padding-left:var(--space-5)}
.guide-method h3{font-size:var(--font-size-md);margin-bottom:var(--space-2)}
.guide-method p{color:var(--color-text-muted)}
.guide-towns{border-top:1px solid var(--color-border);padding-top:var(--space-5)}
.guide-towns h3{font-size:var(--font-size-md)}
.guide-table{width:100%;border-collapse:collapse;font-size:var(--font-size-sm);font-variant-numeric:tabular-nums}
.guide-table th,.guide-table td{text-align:left;padding:var(--space-2) var(--space-3);border-bottom:1px solid var(--color-border);vertical-align:top}
.guide-table thead th{font-size:var(--font-size-xs);text-transform:uppercase;letter-spacing:.04em;color:var(--color-text-muted);font-weight:700}
.guide-table tbody th a{display:inline-flex;align-items:center;min-height:32px;font-weight:600}
.guide-table td{padding-top:calc(var(--space-2) + 6px)}
.guide-table tr:last-child th,.guide-table tr:last-child td{border-bottom:none}
@media (max-width:1000px){
.carousel{--per-view:2}
}
@media (max-width:900px){
.idea-layout{grid-template-columns:minmax(0,1fr);gap:var(--space-5)}
}
@media (max-width:760px){
.carousel{--per-view:1;grid-auto-columns:82%;gap:var(--space-4)}
.idea-grid{grid-template-columns:repeat(2,minmax(0,1fr));gap:var(--space-3)}
.idea-caption{padding:var(--space-2) var(--space-3) var(--space-3)}
.idea-band{position:static;display:block;margin:calc(-1 * var(--space-2)) var(--space-3) var(--space-3);padding:0;background:none;color:var(--color-text);font-size:var(--font-size-xs)}
.cta-band p{font-size:var(--font-size-lg)}
.about{grid-template-columns:minmax(0,1fr);gap:var(--space-4)}
.hero .hero-tagline{font-size:var(--font-size-lg)}
.profile{grid-template-columns:minmax(0,1fr);gap:0}
.profile-head{grid-template-columns:auto minmax(0,1fr);gap:var(--space-4)}
.profile-head .logo,.profile-head .avatar{width:72px;height:72px;border-radius:var(--radius-lg)}
.gallery{grid-template-columns:repeat(2,minmax(0,1fr))}
.profile aside{order:-1}
.profile aside .card{position:static}
.hero{padding:var(--space-8) 0}
.stats{gap:var(--space-5)}
.stats strong{font-size:var(--font-size-2xl)}
.header-actions .btn-secondary{display:none}
.guide{padding:var(--space-5)}
.guide-head h2{font-size:var(--font-size-xl)}
.guide-body{grid-template-columns:minmax(0,1fr);gap:var(--space-5)}
.guide-figure,.guide-method,.guide-towns{grid-column:1;grid-row:auto}
.guide-method{order:1}
.guide-method{border-left:none;padding-left:0;border-top:1px solid var(--color-border);padding-top:var(--space-4)}
.guide-median dd{font-size:var(--font-size-2xl)}
.guide-table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}
.guide-table tr{display:grid;grid-template-columns:auto minmax(0,1fr);gap:var(--space-1) var(--space-5);padding:var(--space-3) 0;border-bottom:1px solid var(--color-border)}
.guide-table tr:last-child{border-bottom:none}
.guide-table th,.guide-table td{display:block;padding:0;border:none}
.guide-table tbody th{grid-column:1/-1}
.guide-table td:last-child{grid-column:1/-1}
.guide-table td::before{content:attr(data-label);display:block;font-size:var(--font-size-xs);color:var(--color-text-muted)}
}
`.replace(/\n/g, '');

/** The whole stylesheet of a public page. */
export const pageCss = () => designTokensCss() + PAGE_CSS;
