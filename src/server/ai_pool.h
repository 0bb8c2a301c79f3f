/* Worker threads on which AI seats think, so that the HTTP threads keep
 * answering everyone else. A job is a room whose AI seat is to move; the
 * room itself checks, when the job runs, that this is still so. */
#ifndef MORPH_AI_POOL_H
#define MORPH_AI_POOL_H

typedef struct Room Room;
typedef struct AiPool AiPool;

AiPool *ai_pool_new(int threads);
/* Queues room (the pool takes a reference and drops it after the job). */
void ai_pool_push(AiPool *p, Room *room);
/* Lets running jobs finish, drops queued ones, joins the threads. */
void ai_pool_free(AiPool *p);

#endif
