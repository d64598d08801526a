import { mountReviewApp } from '@redline/review-editor';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
mountReviewApp(root);
