package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** One API operation: a request in, an answer out, or an {@link io.entitytable.local.engine.protocol.ApiException}. */
@FunctionalInterface
interface Operation {
    ObjectNode call(ObjectNode request);
}
