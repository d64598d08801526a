// Review rounds (issue 13): the reviewer's identity, the stored shapes, the threads' states.
export * from './reviewerIdentity.js';
export * from './roundTypes.js';
export * from './computeThreads.js';
