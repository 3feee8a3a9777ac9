//! Go books to one interactive HTML page (in progress).
