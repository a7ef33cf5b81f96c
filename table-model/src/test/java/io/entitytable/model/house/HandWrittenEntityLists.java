package io.entitytable.model.house;

import io.entitytable.model.Entity;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds hand-written lists of entities in a source: a collection made of two or more {@code Entity.X} constants or
 * entity names written out ({@code List.of(Entity.CUSTOMER, Entity.ORDER)}, {@code Set.of("customer", "order")},
 * {@code EnumSet.of}, {@code Stream.of}, {@code Arrays.asList}, {@code new Entity[] {...}}, an array initialiser or an
 * annotation's array, {@code enumeration = {"customer", "store"}}, a map keyed by them, {@code Map.of(Entity.STORE,
 * .., Entity.ORDER, ..)}, and their kin). Such a list is what a new entity
 * silently misses: code that needs some entities asks the definitions ({@code Entity.all()} and what each says of
 * itself). One entity is no list ({@code Set.of(Entity.CUSTOMER)}: a choice of one subject, not a claim about all of
 * them).
 */
final class HandWrittenEntityLists {
    /** The start of a collection's elements: the opening parenthesis or brace is the match's last character. */
    private static final Pattern OPENER = Pattern.compile("\\b(?:List|Set|EnumSet|Stream|Map|ImmutableList|ImmutableSet"
            + "|ImmutableMap|Sets|Lists)\\s*\\.\\s*(?:of|copyOf|newHashSet|newArrayList)\\s*\\("
            + "|\\bArrays\\s*\\.\\s*(?:asList|stream)\\s*\\(|\\bnew\\s+Entity\\s*\\[\\s*\\]\\s*\\{"
            // An array's elements given by name: an initialiser, or an annotation's ({@code enumeration = {...}}).
            + "|\\b\\w+\\s*=\\s*\\{");

    /** An element that is an entity, or starts with one ({@code Entity.STORE.keyName()}). */
    private static final Pattern ENTITY = Pattern.compile("Entity\\s*\\.\\s*[A-Z][A-Z0-9_]*\\b");

    /**
     * An element that is an entity's name written out ({@code "store"}, {@code "orders"}): a list of names is the same
     * list, spelt so that no reference to a definition shows it.
     */
    private static final Pattern ENTITY_NAME = Pattern.compile(Entity.all().stream()
            .flatMap(entity -> Stream.of(entity.keyName(), entity.collection()))
            .map(name -> "\"" + Pattern.quote(name) + "\"")
            .collect(Collectors.joining("|")));

    private HandWrittenEntityLists() {}

    /** Each list of two or more entities in {@code source}, as {@code <line>: <that line>}, the line 1-based. */
    static List<String> in(String source) {
        List<String> found = new ArrayList<>();
        Matcher opener = OPENER.matcher(source);
        while (opener.find()) {
            long entities = elements(source, opener.end()).stream()
                    .filter(element -> ENTITY.matcher(element).lookingAt()
                            || ENTITY_NAME.matcher(element).matches())
                    .count();
            if (entities >= 2) {
                found.add(lineOf(source, opener.start()) + ": " + lineText(source, opener.start()));
            }
        }
        return found;
    }

    /**
     * The elements from {@code from} up to the parenthesis or brace that closes the one just before it, each stripped:
     * split at its own commas only, so an entity named inside an element's own call ({@code new Pattern(..,
     * Entity.ORDER)}) is no element of the list.
     */
    private static List<String> elements(String source, int from) {
        List<String> elements = new ArrayList<>();
        int depth = 1;
        int start = from;
        for (int i = from; i < source.length() && depth > 0; i++) {
            char c = source.charAt(i);
            if (c == '(' || c == '{' || c == '[') {
                depth++;
            } else if (c == ')' || c == '}' || c == ']') {
                depth--;
            }
            if ((depth == 1 && c == ',') || depth == 0) {
                elements.add(source.substring(start, i).strip());
                start = i + 1;
            }
        }
        return elements;
    }

    private static int lineOf(String source, int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (source.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static String lineText(String source, int index) {
        int start = source.lastIndexOf('\n', index) + 1;
        int end = source.indexOf('\n', index);
        return source.substring(start, end < 0 ? source.length() : end).strip();
    }
}
