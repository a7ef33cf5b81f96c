package io.entitytable.local.engine.protocol;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Request ids shaped as DynamoDB's ({@code x-amzn-RequestId}: 52 upper-case letters and digits), random without the
 * cost of a secure random source: they only tell requests apart in logs.
 */
final class RequestIds {
    private static final char[] ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();
    private static final int LENGTH = 52;

    private RequestIds() {}

    static String next() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        char[] id = new char[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            id[i] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return new String(id);
    }
}
