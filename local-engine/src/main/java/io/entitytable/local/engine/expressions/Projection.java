package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;
import java.util.Map;

/** A parsed projection expression: a list of document paths. */
public interface Projection {
    /**
     * The parts of {@code item} the paths name, nested as in the item ({@code a.b[1]} gives {@code {a: {b: [x]}}} with
     * list elements in index order, compacted); paths the item lacks are left out.
     */
    Map<String, Value> apply(Map<String, Value> item);
}
