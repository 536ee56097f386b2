//! C front-end.
