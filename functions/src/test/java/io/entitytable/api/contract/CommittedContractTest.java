package io.entitytable.api.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.Entity;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The committed {@code openapi.json} and {@link ApiOperation} describe the same operations, the same way. */
class CommittedContractTest {
    private static JsonNode document;

    @BeforeAll
    static void read() throws Exception {
        document = new ObjectMapper().readTree(Files.readString(OpenApiConformance.DOCUMENT));
    }

    @Test
    void document_shouldHaveExactlyTheOperationsOfApiOperation() {
        // GIVEN
        Map<String, String> declaredIds = new HashMap<>();
        for (ApiOperation operation : ApiOperation.values()) {
            declaredIds.put(
                    operation.route().method() + " " + operation.route().path(),
                    operation.contract().operationId());
        }

        // WHEN
        Map<String, JsonNode> documented = operations();
        Map<String, String> documentedIds = new HashMap<>();
        documented.forEach((route, operation) ->
                documentedIds.put(route, operation.path("operationId").asText()));

        // THEN
        assertThat(ContractRoutes.differences(ContractRoutes.declared(), documented.keySet(), "openapi.json"))
                .isEmpty();
        assertThat(documentedIds).isEqualTo(declaredIds);
    }

    @Test
    void everyOperation_shouldDocumentExactlyItsSuccessAndErrorStatuses() {
        // GIVEN
        Map<String, Set<String>> expected = new HashMap<>();
        for (ApiOperation operation : ApiOperation.values()) {
            Set<String> statuses = new TreeSet<>();
            operation.contract().success().statuses().forEach(status -> statuses.add(String.valueOf(status)));
            operation.contract().errors().forEach(status -> statuses.add(String.valueOf(status)));
            expected.put(operation.route().method() + " " + operation.route().path(), statuses);
        }

        // WHEN
        Map<String, Set<String>> documented = new HashMap<>();
        operations().forEach((key, operation) -> {
            Set<String> statuses = new TreeSet<>();
            operation.path("responses").fieldNames().forEachRemaining(statuses::add);
            documented.put(key, statuses);
        });

        // THEN
        assertThat(documented).isEqualTo(expected);
    }

    @Test
    void everyErrorResponse_shouldBeProblemJson() {
        // GIVEN
        JsonNode responses = document.path("components").path("responses");

        // WHEN
        List<String> withoutProblem = new ArrayList<>();
        responses.fields().forEachRemaining(entry -> {
            String ref = entry.getValue()
                    .path("content")
                    .path("application/problem+json")
                    .path("schema")
                    .path("$ref")
                    .asText();
            if (!ref.equals("#/components/schemas/Problem")) {
                withoutProblem.add(entry.getKey());
            }
        });

        // THEN
        assertThat(responses.size()).isEqualTo(11);
        assertThat(withoutProblem).isEmpty();
    }

    @Test
    void ifMatch_shouldBeDocumentedExactlyWhereHonoured() {
        // GIVEN
        Set<String> honouring = new TreeSet<>();
        for (ApiOperation operation : ApiOperation.values()) {
            if (operation.contract().ifMatch()) {
                honouring.add(
                        operation.route().method() + " " + operation.route().path());
            }
        }

        // WHEN
        Set<String> documented = new TreeSet<>();
        operations().forEach((key, operation) -> {
            boolean ifMatch = StreamSupport.stream(operation.path("parameters").spliterator(), false)
                    .anyMatch(parameter -> parameter.path("name").asText().equals("If-Match")
                            && parameter.path("in").asText().equals("header"));
            if (ifMatch) {
                documented.add(key);
            }
        });

        // THEN: every entity's change and delete, and nothing else (the entities the shipped document has: those
        // declared in test sources only are not among them)
        long entities = Entity.all().stream()
                .filter(entity -> document.path("paths").has("/" + entity.collection() + "/{id}"))
                .count();
        assertThat(documented).hasSize((int) (2 * entities)).isEqualTo(honouring);
    }

    @Test
    void everyPattern_shouldBeAnchoredEcma262() {
        // GIVEN
        List<String> patterns =
                document.findValues("pattern").stream().map(JsonNode::asText).collect(Collectors.toList());

        // WHEN
        List<String> javaOnly = patterns.stream()
                .filter(pattern -> pattern.contains("\\p{") || pattern.contains("(?i)") || !pattern.startsWith("^"))
                .toList();

        // THEN
        assertThat(patterns).isNotEmpty();
        assertThat(javaOnly).isEmpty();
    }

    /** "METHOD /path" to the operation. */
    private static Map<String, JsonNode> operations() {
        return ContractRoutes.operations(document);
    }
}
