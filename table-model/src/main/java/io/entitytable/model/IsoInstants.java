package io.entitytable.model;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Reads and writes the instants the project stores and answers with ({@link Instant#toString()}: {@code
 * 2026-11-22T07:34:20.123456Z}, UTC, 0, 3, 6 or 9 fraction digits) with a fixed-format fast path instead of the JDK's
 * general-purpose formatter, which is slow under C1 (the functions' JIT setting) and runs for two instants of every
 * item mapped or serialized. Reading: every other shape, and every value out of range, goes to {@link Instant#parse},
 * so results and errors are the JDK's. Writing: years outside 0-9999 go to {@link Instant#toString()}; everything else
 * is written character for character as it would. The same writer makes the millisecond timestamps of sort keys
 * ({@link #formatMillis}).
 */
public final class IsoInstants {
    private static final int[] SCALE = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};
    private static final int SHORTEST = "2026-11-22T07:34:20Z".length();
    private static final int LONGEST = "2026-11-22T07:34:20.123456789Z".length();
    /** Years 0 to 9999 are written with four digits and no sign; the fast writer handles only those. */
    private static final long FIRST_FOUR_DIGIT_SECOND = LocalDate.of(0, 1, 1).toEpochDay() * 86_400;

    private static final long FIRST_YEAR_ONE_SECOND = LocalDate.of(1, 1, 1).toEpochDay() * 86_400;

    private static final long FIRST_FIVE_DIGIT_SECOND =
            LocalDate.of(10_000, 1, 1).toEpochDay() * 86_400;

    /** UTC with exactly three fraction digits: the fixed-width timestamps of sort keys ({@link Keys}). */
    static final DateTimeFormatter MILLIS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private IsoInstants() {}

    /** Exactly {@link Instant#toString()}. */
    public static String format(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < FIRST_FOUR_DIGIT_SECOND || seconds >= FIRST_FIVE_DIGIT_SECOND) {
            return instant.toString();
        }
        int nanos = instant.getNano();
        return text(seconds, nanos, nanos == 0 ? 0 : nanos % 1_000_000 == 0 ? 3 : nanos % 1_000 == 0 ? 6 : 9);
    }

    /**
     * Exactly {@link #MILLIS}'s output: always three fraction digits (truncated, not rounded), so every value has the
     * same width and string order is time order.
     */
    public static String formatMillis(Instant instant) {
        long seconds = instant.getEpochSecond();
        // MILLIS writes the year of the era: year 0 is "0001" (1 BC); the fast path starts at year 1.
        if (seconds < FIRST_YEAR_ONE_SECOND || seconds >= FIRST_FIVE_DIGIT_SECOND) {
            return MILLIS.format(instant);
        }
        return text(seconds, instant.getNano(), 3);
    }

    /** {@code yyyy-MM-ddTHH:mm:ss[.fraction]Z} for a second in years 0-9999 and {@code fractionDigits} of 0, 3, 6, 9. */
    private static String text(long seconds, int nanos, int fractionDigits) {
        long epochDay = Math.floorDiv(seconds, 86_400);
        LocalDate date = LocalDate.ofEpochDay(epochDay);
        int secondOfDay = (int) (seconds - epochDay * 86_400);
        char[] text = new char[SHORTEST + (fractionDigits == 0 ? 0 : 1 + fractionDigits)];
        write(text, 0, 4, date.getYear());
        text[4] = '-';
        write(text, 5, 7, date.getMonthValue());
        text[7] = '-';
        write(text, 8, 10, date.getDayOfMonth());
        text[10] = 'T';
        write(text, 11, 13, secondOfDay / 3_600);
        text[13] = ':';
        write(text, 14, 16, secondOfDay / 60 % 60);
        text[16] = ':';
        write(text, 17, 19, secondOfDay % 60);
        if (fractionDigits > 0) {
            text[19] = '.';
            write(text, 20, 20 + fractionDigits, nanos / SCALE[9 - fractionDigits]);
        }
        text[text.length - 1] = 'Z';
        return new String(text);
    }

    /** Writes {@code value} into {@code [from, to)} as decimal digits, zero-padded on the left. */
    private static void write(char[] text, int from, int to, int value) {
        for (int i = to - 1; i >= from; i--) {
            text[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    public static Instant parse(String text) {
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
