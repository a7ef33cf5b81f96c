package io.entitytable.api.limit;

/**
 * Tokens granted by a rate item in one lease: token {@code j} may be spent from {@code max(grantedAt, firstAt + j *
 * spacing)} on, as the token bucket would have let it through one at a time. Tokens of a busy business are granted
 * ahead of time: they become usable one spacing after another, so an instance holding them still admits no faster than
 * the business's rate.
 *
 * @param firstAt when the first token is earned (epoch microseconds), at or before {@code grantedAt} when the bucket
 *     held tokens
 * @param spacing microseconds between tokens: a second over the limit
 * @param count tokens granted
 * @param grantedAt when the lease was written
 */
record TokenGrant(long firstAt, long spacing, int count, long grantedAt) {

    /** When token {@code index} may be spent. */
    long usableAt(int index) {
        return Math.max(grantedAt, firstAt + index * spacing);
    }
}
