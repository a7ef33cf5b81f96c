package io.entitytable.search.client;

/**
 * Counts the words of a search text as the engine's analyser ({@code standard} tokenizer) will split it, never fewer:
 * each word becomes terms on every text field, and the engine refuses a query of more than 1,024 terms in all, so
 * {@link TextQuery#MAX_WORDS} must be a bound on the tokens the engine makes, not on the spaces a user typed.
 *
 * <p>A word is a run of letters, digits and combining marks; every other character separates words. Over-counting is
 * safe, so "l'église" and "3.14" count two words where the tokenizer keeps one, but the tokenizer makes a token of each
 * Chinese or Japanese ideograph, each hiragana and each emoji: those count one word each. Written here because no
 * library on the API's classpath has the engine's tokenizer (Lucene's would be one more large dependency for one count);
 * {@code TextSearchTest} checks the count against the engine's own {@code _analyze} for the hard cases.
 */
public final class QueryWords {
    private QueryWords() {}

    public static int count(String text) {
        int words = 0;
        boolean inWord = false;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            i += Character.charCount(codePoint);
            if (standsAlone(codePoint)) {
                words++;
                inWord = false;
            } else if (wordPart(codePoint)) {
                if (!inWord) {
                    words++;
                }
                inWord = true;
            } else {
                inWord = false;
            }
        }
        return words;
    }

    /** The tokenizer's one-character tokens: ideographs, hiragana, emoji and other pictographic symbols. */
    private static boolean standsAlone(int codePoint) {
        if (Character.isIdeographic(codePoint)) {
            return true;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
        if (script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA) {
            return true;
        }
        int type = Character.getType(codePoint);
        return type == Character.OTHER_SYMBOL || type == Character.MODIFIER_SYMBOL;
    }

    private static boolean wordPart(int codePoint) {
        if (Character.isLetterOrDigit(codePoint)) {
            return true;
        }
        int type = Character.getType(codePoint);
        return type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK
                || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }
}
