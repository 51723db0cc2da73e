// Untracked before the session; its content is not in the transcript.
export {};
