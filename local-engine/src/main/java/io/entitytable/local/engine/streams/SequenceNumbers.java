package io.entitytable.local.engine.streams;

import io.entitytable.local.engine.protocol.ApiException;

/** Sequence numbers as the wire carries them: decimal strings of 21 digits, zero-padded, so they also sort as text. */
public final class SequenceNumbers {
    private SequenceNumbers() {}

    public static String print(long sequenceNumber) {
        String digits = Long.toString(sequenceNumber);
        return "0".repeat(Math.max(0, 21 - digits.length())) + digits;
    }

    public static long parse(String text) {
        if (text == null || text.isEmpty() || text.length() > 40) {
            throw ApiException.validation("Invalid SequenceNumber: " + text);
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                throw ApiException.validation("Invalid SequenceNumber: " + text);
            }
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw ApiException.validation("Invalid SequenceNumber: " + text);
        }
    }
}
