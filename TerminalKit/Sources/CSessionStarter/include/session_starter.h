// The session starter process of `onlinestore serve`: linked only into the program that serves.
#ifndef SESSION_STARTER_H
#define SESSION_STARTER_H

/// In a store the starter forked: its arguments, without the program's name (`*count` of
/// them). In any other process: NULL, and `*count` is -1.
char **ss_session_arguments(int *count);

#endif
