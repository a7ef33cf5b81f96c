package io.entitytable.model;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Reads the instants the project writes ({@link Instant#toString()}: {@code 2026-11-22T07:34:20.123456Z}, UTC, 0 to 9
 * fraction digits) without the JDK's general-purpose formatter, which costs microseconds a value under C1 (the
 * functions' JIT setting) and was the largest part of mapping a page of items (two instants an item; 60-item pages in
 * the benchmarks). Hand-written because no library here offers a fixed-format fast path; every other shape, and every
 * value out of range, goes to {@link Instant#parse}, so results and errors are the JDK's.
 */
final class IsoInstants {
    private static final int[] SCALE = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};
    private static final int SHORTEST = "2026-11-22T07:34:20Z".length();
    private static final int LONGEST = "2026-11-22T07:34:20.123456789Z".length();

    private IsoInstants() {}

    static Instant parse(String text) {
        int length = text.length();
        if (length < SHORTEST
                || length > LONGEST
                || length == SHORTEST + 1
                || text.charAt(4) != '-'
                || text.charAt(7) != '-'
                || text.charAt(10) != 'T'
                || text.charAt(13) != ':'
                || text.charAt(16) != ':'
                || text.charAt(length - 1) != 'Z'
                || (length > SHORTEST && text.charAt(19) != '.')) {
            return Instant.parse(text);
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 7);
        int day = digits(text, 8, 10);
        int hour = digits(text, 11, 13);
        int minute = digits(text, 14, 16);
        int second = digits(text, 17, 19);
        int fraction = length > SHORTEST ? digits(text, 20, length - 1) : 0;
        if (year < 0
                || month < 0
                || day < 0
                || fraction < 0
                || hour < 0
                || hour > 23
                || minute < 0
                || minute > 59
                || second < 0
                || second > 59) {
            return Instant.parse(text);
        }
        long epochDay;
        try {
            epochDay = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return Instant.parse(text);
        }
        int nanos = length > SHORTEST ? fraction * SCALE[LONGEST - length] : 0;
        return Instant.ofEpochSecond(epochDay * 86_400 + hour * 3_600 + minute * 60 + second, nanos);
    }

    /** The decimal number in {@code [from, to)}, or -1 when a character is not a digit. */
    private static int digits(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
