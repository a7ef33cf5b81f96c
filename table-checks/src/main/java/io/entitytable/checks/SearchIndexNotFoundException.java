package io.entitytable.checks;

/**
 * The search index (or alias) to compare does not exist: a wrong name or endpoint, not drift. Its message names the
 * index, for people; {@code verify} answers it as a wrong command line.
 */
public final class SearchIndexNotFoundException extends RuntimeException {
    SearchIndexNotFoundException(String index) {
        super("search index '" + index + "' not found");
    }
}
