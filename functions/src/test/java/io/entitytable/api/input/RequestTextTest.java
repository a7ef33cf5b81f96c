package io.entitytable.api.input;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.order.OrderRequests;
import jakarta.validation.constraints.Pattern;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Every string a request body can hold, at any depth (record components, collection elements, map keys, nested
 * records), carries a pattern that refuses every character free text refuses: one rule, no field forgotten. The bodies
 * of declared entities (a store's) are judged by their fields, whose every text refuses them ({@code Field}).
 */
class RequestTextTest {
    private static final List<Class<?>> BODIES = List.of(OrderRequests.class);

    /** One character of each kind, and the ends of each range, that docs/design.md §7 refuses in free text. */
    private static final int[] REFUSED = {
        0x0000, 0x0009, 0x001F, 0x007F, 0x0080, 0x0085, 0x009B, 0x009F, 0x061C, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F,
        0x2028, 0x2029, 0x202A, 0x202E, 0x2060, 0x2066, 0x2069, 0xFEFF
    };

    @Test
    void everyStringOfEveryBody_shouldRefuseControlBidiAndZeroWidthCharacters() {
        // GIVEN every string of every body, with the patterns it must match
        Map<String, List<Pattern>> strings = new TreeMap<>();
        for (Class<?> holder : BODIES) {
            for (Class<?> body : holder.getDeclaredClasses()) {
                if (body.isRecord()) {
                    strings(body.getSimpleName(), body, strings);
                }
            }
        }

        // WHEN / THEN
        assertThat(strings).containsKey("CreateOrder.lines[0].description");
        strings.forEach((field, patterns) -> {
            assertThat(patterns).as(field + " has a pattern").isNotEmpty();
            for (int character : REFUSED) {
                String text = "Ab" + Character.toString(character) + "c";
                boolean accepted = patterns.stream()
                        .allMatch(pattern -> java.util.regex.Pattern.compile(pattern.regexp())
                                .matcher(text)
                                .matches());
                assertThat(accepted).as("%s accepts U+%04X", field, character).isFalse();
            }
        });
    }

    @Test
    void text_shouldAcceptTextOfAnyScript() {
        // GIVEN
        java.util.regex.Pattern text = Patterns.TEXT_SHAPE;

        // WHEN / THEN: Hebrew and Arabic (right-to-left by themselves, no control needed), CJK, accents, emoji
        for (String name : List.of(
                "\u05E9\u05DC\u05D5\u05DD",
                "\u0645\u0631\u062D\u0628\u0627",
                "\u5317\u4EAC",
                "Zoë O'Brien-Łukasz",
                "Caf\u00E9 \uD83D\uDE00",
                "a#b")) {
            assertThat(text.matcher(name).matches()).as(name).isTrue();
        }
    }

    private static void strings(String path, Class<?> record, Map<String, List<Pattern>> found) {
        for (RecordComponent component : record.getRecordComponents()) {
            List<Pattern> declared =
                    new ArrayList<>(Arrays.asList(component.getAccessor().getAnnotationsByType(Pattern.class)));
            visit(path + "." + component.getName(), component.getAnnotatedType(), declared, found);
        }
    }

    private static void visit(
            String path, AnnotatedType type, List<Pattern> declared, Map<String, List<Pattern>> found) {
        List<Pattern> patterns = new ArrayList<>(declared);
        patterns.addAll(Arrays.asList(type.getAnnotationsByType(Pattern.class)));
        if (type.getType() == String.class) {
            found.put(path, patterns.stream().distinct().toList());
        } else if (type instanceof AnnotatedParameterizedType parameterized) {
            AnnotatedType[] arguments = parameterized.getAnnotatedActualTypeArguments();
            for (int i = 0; i < arguments.length; i++) {
                visit(path + "[" + i + "]", arguments[i], List.of(), found);
            }
        } else if (type.getType() instanceof Class<?> nested && nested.isRecord()) {
            strings(path, nested, found);
        }
    }
}
