package io.entitytable.api.contract;

import io.entitytable.api.input.Patterns;
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
