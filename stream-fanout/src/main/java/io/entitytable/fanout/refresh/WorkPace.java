package io.entitytable.fanout.refresh;

import io.entitytable.fanout.erase.EraseWorker;
import io.entitytable.model.CopyPace;

/**
 * How fast the refresh worker writes: the copies a store's pass refreshes a second, and the children each segment of a
 * business's erase deletes a second. Deployed workers keep to {@link #DEPLOYED}, which protects the partitions they
 * write; benchmarks lift one or the other to see what else bounds the work.
 */
public record WorkPace(int copiesPerSecond, int childrenPerSecond) {
    /** The pace of every deployed worker: {@link CopyPace#COPIES_PER_SECOND}, {@link EraseWorker#CHILDREN_PER_SECOND}. */
    public static final WorkPace DEPLOYED = new WorkPace(CopyPace.COPIES_PER_SECOND, EraseWorker.CHILDREN_PER_SECOND);

    public WorkPace {
        if (copiesPerSecond < 1) {
            throw new IllegalArgumentException("copiesPerSecond must be positive: " + copiesPerSecond);
        }
        if (childrenPerSecond < 1) {
            throw new IllegalArgumentException("childrenPerSecond must be positive: " + childrenPerSecond);
        }
    }

    public WorkPace withCopiesPerSecond(int perSecond) {
        return new WorkPace(perSecond, childrenPerSecond);
    }

    public WorkPace withChildrenPerSecond(int perSecond) {
        return new WorkPace(copiesPerSecond, perSecond);
    }
}
