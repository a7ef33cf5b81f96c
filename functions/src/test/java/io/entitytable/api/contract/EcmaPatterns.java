package io.entitytable.api.contract;

import io.entitytable.api.input.Patterns;
import io.entitytable.model.Field;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;

/**
 * Makes every {@code pattern} of the document one that ECMA-262 validators (which JSON Schema prescribes, and client
 * generators use) accept and read as the server does. The server's Java patterns stay as they are; each Java-only
 * one is swapped for its ECMA-262 form, defined beside it. Every pattern is anchored, because Bean Validation matches
 * a whole value while a JSON Schema pattern matches anywhere in it.
 */
final class EcmaPatterns {
    private record Form(String ecma, String note) {}

    private static final Map<String, Form> JAVA_ONLY = Map.of(
            Patterns.TEXT,
            new Form(
                    Patterns.TEXT_ECMA,
                    "No control (C0, C1), bidirectional-control or zero-width characters; unpaired UTF-16"
                            + " surrogates (which an ECMA-262 pattern cannot name) are refused too."),
            Patterns.KEY_PART,
            new Form(
                    Patterns.KEY_PART_ECMA,
                    "No '#' and no control (C0, C1), bidirectional-control or zero-width characters; unpaired"
                            + " UTF-16 surrogates (which an ECMA-262 pattern cannot name) are refused too."));

    /** Java syntax that ECMA-262 lacks or reads differently: property classes and inline flags. */
    private static final Pattern JAVA_SYNTAX = Pattern.compile("\\\\[pP]\\{|\\(\\?[a-zA-Z]|\\\\[AzZ]");

    private final Set<Schema> seen = Collections.newSetFromMap(new IdentityHashMap<>());

    private EcmaPatterns() {}

    static void apply(OpenAPI openApi) {
        EcmaPatterns patterns = new EcmaPatterns();
        Components components = openApi.getComponents();
        if (components != null && components.getSchemas() != null) {
            components.getSchemas().values().forEach(patterns::visit);
        }
        for (PathItem item : openApi.getPaths().getPathItems().values()) {
            for (Operation operation : item.getOperations().values()) {
                if (operation.getParameters() != null) {
                    operation.getParameters().stream().map(Parameter::getSchema).forEach(patterns::visit);
                }
                if (operation.getRequestBody() != null) {
                    patterns.visit(operation.getRequestBody().getContent());
                }
                if (operation.getResponses() != null) {
                    operation.getResponses().getAPIResponses().values().forEach(r -> patterns.visit(r.getContent()));
                }
            }
        }
    }

    /** The ECMA-262 form of a pattern, anchored; fails on Java syntax that has no known ECMA-262 form. */
    static String ecma(String pattern) {
        Form form = JAVA_ONLY.get(pattern);
        String body = form == null ? pattern : form.ecma();
        if (JAVA_SYNTAX.matcher(body).find()) {
            throw new IllegalStateException("pattern " + pattern + " is Java-only: give it an ECMA-262 form");
        }
        return "^" + (body.contains("|") ? "(?:" + body + ")" : body) + "$";
    }

    /**
     * A declared field's shape as the document states it, anchored. The server judges a value after setting its letter
     * case, so the shape of a field stored in one case is stated in either ({@link #anyCase}); and it applies the
     * free-text rule before any shape, so a shape that names the characters it excludes (a negated class) rather than
     * those it allows is stated with that rule as a lookahead.
     */
    static String shape(String shape, boolean anyCase) {
        String body = ecma(anyCase ? anyCase(shape) : shape);
        // A lookahead for a refused character anywhere, not one for free text up to "$": Java's "$" also matches
        // before a final line terminator, ECMA-262's only at the end, and the two engines must read it alike.
        return shape.contains("[^") ? "^(?![\\s\\S]*[" + Field.INVISIBLE + "])" + body.substring(1) : body;
    }

    /**
     * {@code pattern} matching its letters in either case: a letter outside a class becomes a class of both, and a
     * class gains the other case of its letters and letter ranges. Escapes and negated classes stay as they are.
     */
    static String anyCase(String pattern) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                int end = escapeEnd(pattern, i);
                out.append(pattern, i, end);
                i = end;
            } else if (c == '[') {
                int end = classEnd(pattern, i);
                out.append(anyCaseClass(pattern.substring(i, end)));
                i = end;
            } else {
                out.append(isAsciiLetter(c) ? "[" + Character.toUpperCase(c) + Character.toLowerCase(c) + "]" : c);
                i++;
            }
        }
        return out.toString();
    }

    private static String anyCaseClass(String text) {
        if (text.startsWith("[^")) {
            return text;
        }
        StringBuilder other = new StringBuilder();
        int i = 1;
        while (i < text.length() - 1) {
            char c = text.charAt(i);
            if (c == '\\') {
                i = escapeEnd(text, i);
            } else if (i + 2 < text.length() - 1 && text.charAt(i + 1) == '-') {
                char last = text.charAt(i + 2);
                if (isAsciiLetter(c) && isAsciiLetter(last)) {
                    other.append(swapped(c)).append('-').append(swapped(last));
                }
                i += 3;
            } else {
                if (isAsciiLetter(c)) {
                    other.append(swapped(c));
                }
                i++;
            }
        }
        String members = text.substring(1, text.length() - 1);
        // A '-' that ends a class is a member, and would make a range of what followed it.
        return members.endsWith("-")
                ? "[" + members.substring(0, members.length() - 1) + other + "-]"
                : "[" + members + other + "]";
    }

    /** Where the escape at {@code start} ends: a hex or Unicode escape, a property class, or one character. */
    private static int escapeEnd(String pattern, int start) {
        char kind = start + 1 < pattern.length() ? pattern.charAt(start + 1) : ' ';
        return switch (kind) {
            case 'x' -> start + 4;
            case 'u' -> start + 6;
            case 'p', 'P' -> pattern.indexOf('}', start) + 1;
            default -> start + 2;
        };
    }

    /** Where the class opening at {@code start} ends, past its closing bracket. */
    private static int classEnd(String pattern, int start) {
        int i = start + 1;
        while (pattern.charAt(i) != ']') {
            i = pattern.charAt(i) == '\\' ? escapeEnd(pattern, i) : i + 1;
        }
        return i + 1;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static char swapped(char letter) {
        return Character.isUpperCase(letter) ? Character.toLowerCase(letter) : Character.toUpperCase(letter);
    }

    private void visit(Content content) {
        if (content != null && content.getMediaTypes() != null) {
            content.getMediaTypes().values().forEach(media -> visit(media.getSchema()));
        }
    }

    private void visit(Schema schema) {
        if (schema == null || !seen.add(schema)) {
            return;
        }
        String pattern = schema.getPattern();
        if (pattern != null && !pattern.startsWith("^")) {
            Form form = JAVA_ONLY.get(pattern);
            schema.setPattern(ecma(pattern));
            if (form != null) {
                schema.setDescription(
                        schema.getDescription() == null
                                ? form.note()
                                : sentence(schema.getDescription()) + " " + form.note());
            }
        }
        if (schema.getProperties() != null) {
            schema.getProperties().values().forEach(this::visit);
        }
        visit(schema.getItems());
        visit(schema.getAdditionalPropertiesSchema());
        visit(schema.getNot());
        for (var list : Arrays.asList(schema.getAllOf(), schema.getAnyOf(), schema.getOneOf())) {
            if (list != null) {
                list.forEach(this::visit);
            }
        }
    }

    /** {@code text} ending as a sentence does, so a note can follow it. */
    private static String sentence(String text) {
        return text.endsWith(".") ? text : text + ".";
    }
}
