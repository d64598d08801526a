import { installEditFeature, mountReviewApp } from '@redline/review-editor';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// "Edit Code to Suggest" (experimental): renders nothing and loads no editor code while its setting is off.
installEditFeature();
mountReviewApp(root);
