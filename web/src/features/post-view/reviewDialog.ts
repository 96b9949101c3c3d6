/**
 * The review dialog (with the form library and the review schema) loads when the client first finishes a job,
 * fetched ahead when the pointer or the focus reaches the Finish button.
 */
import { lazy } from 'react';

const loadReviewDialog = () => import('./ReviewDialog');
export const ReviewDialog = lazy(() => loadReviewDialog().then((m) => ({ default: m.ReviewDialog })));
export const preloadReviewDialog = () => void loadReviewDialog();
