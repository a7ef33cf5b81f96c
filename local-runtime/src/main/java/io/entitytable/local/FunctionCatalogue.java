package io.entitytable.local;

import io.entitytable.deployment.FunctionDefinition;
import java.util.List;

/** The functions the local runtime can run, by their {@link FunctionDefinition#name()} or module name. */
final class FunctionCatalogue {
    static final List<FunctionDefinition> ALL = List.of(
            FunctionDefinition.API,
            FunctionDefinition.STREAM_FANOUT,
            FunctionDefinition.REFRESH_WORKER,
            FunctionDefinition.SEARCH_INDEXER);

    private FunctionCatalogue() {}

    static FunctionDefinition byName(String name) {
        return ALL.stream()
                .filter(f -> f.name().equals(name) || f.module().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Unknown function '" + name + "'; known: "
                        + ALL.stream().map(FunctionDefinition::name).toList()));
    }
}
