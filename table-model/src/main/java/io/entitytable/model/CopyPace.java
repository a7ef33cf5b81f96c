package io.entitytable.model;

/**
 * How fast the fan-out may refresh the copies of one subject. Every copy of a subject carries the same {@code source},
 * so all of them are index entries in one partition of {@code sourceGsi}, which takes at most 1,000 write units a
 * second; a GSI partition that cannot keep up throttles the table writes that feed it. A copy's entry there (keys and
 * {@code sourceVersion}) is under 1 KB, one write unit:
 *
 * <pre>
 * CopiesPerSecond = 1,000 write units/s x 80 % = 800
 * </pre>
 *
 * The first {@link #BURST} copies of a change go at once (a partition absorbs a short burst), so a subject with a
 * few dozen copies is never slowed; a store with 100,000 linked customers takes about two minutes.
 */
public final class CopyPace {
    public static final int COPIES_PER_SECOND = 800;
    public static final int BURST = 100;

    private CopyPace() {}
}
