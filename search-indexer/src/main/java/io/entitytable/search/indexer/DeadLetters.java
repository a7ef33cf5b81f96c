package io.entitytable.search.indexer;

import java.util.List;

/** Where refused records go. A send that fails throws: the records are then retried like any other failure. */
@FunctionalInterface
public interface DeadLetters {
    void sendAll(List<DeadLetter> letters);
}
