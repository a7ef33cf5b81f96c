package io.entitytable.search.indexer;

import java.util.ArrayList;
import java.util.List;

/** Keeps what the indexer dead-letters, for tests that are not about the queue itself. */
final class RecordingDeadLetters implements DeadLetters {
    final List<DeadLetter> letters = new ArrayList<>();

    @Override
    public synchronized void sendAll(List<DeadLetter> sent) {
        letters.addAll(sent);
    }
}
