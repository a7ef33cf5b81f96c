package io.entitytable.api.declared;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.LocalDynamoResource;
import io.entitytable.api.contract.OpenApiConformance;
import io.entitytable.model.Entity;
import io.entitytable.model.EntityDeclarations;
import io.entitytable.model.Field;
import io.entitytable.model.supplier.Supplier;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The document the API serves describes a declared entity from its declaration ({@link Article}, found through
 * {@code EntityDeclarations} as a team's own is): its routes with their operationIds, errors and headers, its
 * request and response schemas with each field's kind, bounds and promises, and its place in the union of subjects.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class DeclaredContractTest {
    private String served;
    private JsonNode document;

    @BeforeEach
    void fetch() throws Exception {
        // Article is defined in every JVM that loads it, but found without being named only where the functions pom
        // names it (the tests of declared entities): a run of this class among the others (-Dtest) has no document
        // of it to check.
        assumeTrue(
                System.getProperty(EntityDeclarations.PROPERTY) != null,
                "the declarations are named in the declared-entities test run only");
        served = given().queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        document = new ObjectMapper().readTree(served);
    }

    @Test
    void routes_shouldBeDocumented_withTheOperationsOfEveryCollection() {
        // THEN each route, with the operationId made from the entity's name
        assertThat(operationId("/businesses/{id}/articles", "post")).isEqualTo("createArticle");
        assertThat(operationId("/businesses/{id}/articles", "get")).isEqualTo("listArticlesByShelf");
        assertThat(operationId("/articles/{id}", "get")).isEqualTo("getArticle");
        assertThat(operationId("/articles/{id}", "patch")).isEqualTo("updateArticle");
        assertThat(operationId("/articles/{id}", "delete")).isEqualTo("deleteArticle");
        assertThat(operationId("/articles/{id}/tags/{tag}", "put")).isEqualTo("tagArticle");
        assertThat(operationId("/articles/{id}/tags/{tag}", "delete")).isEqualTo("untagArticle");
        // AND a create answers what every create of a child answers, idempotently
        JsonNode create = operation("/businesses/{id}/articles", "post");
        assertThat(fieldNames(create.get("responses")))
                .containsExactly("201", "400", "404", "409", "413", "415", "422", "429", "500", "503");
        assertThat(create.at("/responses/201/headers").has("Idempotent-Replayed"))
                .isTrue();
        assertThat(parameterNames(create)).containsExactly("id", "Idempotency-Key");
        assertThat(create.at("/description").asText()).contains("a marker of each of its unique values (sku, barcode)");
        // AND a change reads If-Match and answers 412
        JsonNode patch = operation("/articles/{id}", "patch");
        assertThat(parameterNames(patch)).containsExactly("id", "If-Match");
        assertThat(patch.get("responses").has("412")).isTrue();
        JsonNode list = operation("/businesses/{id}/articles", "get");
        assertThat(parameterNames(list)).containsExactly("id", "aisle", "bay", "limit", "namePrefix", "next");
        // AND its list by shelf says its levels and their order, and its Query
        assertThat(list.at("/parameters/2/description").asText())
                .contains("shelf.bay")
                .contains("needs aisle");
        assertThat(list.at("/description").asText()).contains("gsi1pk = ARTICLE#<B>#<AISLE>");
        // AND the operations are listed under a tag of their own, described
        assertThat(operation("/articles/{id}", "get").at("/tags/0").asText()).isEqualTo("Articles");
        assertThat(tagDescription("Articles")).contains("listed by name");
    }

    @Test
    void schemas_shouldSayEachFieldAsDeclared() {
        JsonNode schemas = document.at("/components/schemas");
        // THEN the create body requires what the declaration requires, bounded and shaped as declared
        JsonNode create = schemas.get("CreateArticle");
        assertThat(values(create.get("required"))).containsExactly("sku", "name", "priceCents");
        JsonNode barcode = create.at("/properties/barcode");
        assertThat(barcode.get("minLength").asInt()).isEqualTo(8);
        assertThat(barcode.get("maxLength").asInt()).isEqualTo(14);
        assertThat(barcode.get("pattern").asText()).isEqualTo("^[0-9]+$");
        assertThat(barcode.get("description").asText()).contains("Unique within the business");
        JsonNode price = create.at("/properties/priceCents");
        assertThat(price.get("type").asText()).isEqualTo("integer");
        assertThat(price.get("maximum").asLong()).isEqualTo(100_000_000L);
        assertThat(price.at("/examples/0").asLong()).isEqualTo(1890L);
        // AND a lower-cased field's shape, judged after lower-casing, is stated in either letter case
        JsonNode sku = create.at("/properties/sku");
        assertThat(sku.get("pattern").asText()).isEqualTo("^[a-z0-9._A-Z-]+$");
        assertThat(sku.get("description").asText()).contains("lower-cased").contains("letters, digits");
        // AND free text is held to the pattern every free text of the API has
        assertThat(create.at("/properties/name/pattern").asText())
                .isEqualTo(schemas.at("/PatchStore/properties/name/pattern").asText());
        // AND a change cannot name an immutable field
        assertThat(fieldNames(schemas.at("/PatchArticle/properties")))
                .containsExactly("name", "priceCents", "description", "barcode", "shelf", "prices");
        // AND an object is given whole, its members required, bounded and shaped as declared, its example theirs
        JsonNode shelf = create.at("/properties/shelf");
        assertThat(shelf.get("type").asText()).isEqualTo("object");
        assertThat(values(shelf.get("required"))).containsExactly("aisle");
        assertThat(shelf.at("/properties/aisle/pattern").asText()).isEqualTo("^[A-Z0-9]+$");
        assertThat(shelf.at("/properties/aisle/description").asText()).contains("Required in every shelf");
        assertThat(shelf.at("/properties/level/maximum").asLong()).isEqualTo(12L);
        assertThat(shelf.get("description").asText()).contains("Given whole");
        assertThat(shelf.at("/examples/0").toString()).isEqualTo("{\"aisle\":\"B7\",\"bay\":\"2\",\"level\":3}");
        // AND values by label are an object of them, bounded in labels, each value as its field declares it
        JsonNode prices = create.at("/properties/prices");
        assertThat(prices.get("type").asText()).isEqualTo("object");
        assertThat(prices.get("maxProperties").asInt()).isEqualTo(20);
        assertThat(prices.at("/additionalProperties/type").asText()).isEqualTo("integer");
        assertThat(prices.at("/additionalProperties/maximum").asLong()).isEqualTo(100_000_000L);
        assertThat(prices.get("description").asText()).contains("Values by label");
        assertThat(prices.at("/examples/0").toString()).isEqualTo("{\"main\":990}");
        assertThat(schemas.at("/Article/properties/prices/additionalProperties/type")
                        .asText())
                .isEqualTo("integer");
        assertThat(fieldNames(schemas.at("/Article/properties/shelf/properties")))
                .containsExactly("aisle", "bay", "level");
        // AND the subject is one of the union a mixed list holds, told apart by its entity
        assertThat(values(schemas.at("/Article/required"))).containsExactly("entity", "id", "version");
        assertThat(schemas.at("/SubjectResponse/discriminator/mapping/article").asText())
                .isEqualTo("#/components/schemas/Article");
        assertThat(schemas.at("/PageArticleResponse/properties/items/items/$ref")
                        .asText())
                .isEqualTo("#/components/schemas/Article");
    }

    @Test
    void visitSchemas_shouldHoldADerivedValue_readOnly_andNeverInABody_andSayADefault() {
        JsonNode schemas = document.at("/components/schemas");

        // THEN the subject holds what is made of other values, read-only, saying of what
        JsonNode total = schemas.at("/Visit/properties/topicMinutes");
        assertThat(total.get("readOnly").asBoolean()).isTrue();
        assertThat(total.get("description").asText())
                .contains("Made of `topics` when the subject is created, never given: the sum of its topics' minutes");
        JsonNode personMinutes = schemas.at("/Visit/properties/topics/items/properties/personMinutes");
        assertThat(personMinutes.get("readOnly").asBoolean()).isTrue();
        assertThat(personMinutes.get("description").asText())
                .contains("Made of `minutes`, `attendees` whenever they are given");
        // AND no body gives it
        assertThat(fieldNames(schemas.at("/CreateVisit/properties"))).doesNotContain("topicMinutes");
        assertThat(fieldNames(schemas.at("/PatchVisit/properties"))).doesNotContain("topicMinutes");
        assertThat(fieldNames(schemas.at("/CreateVisit/properties/topics/items/properties")))
                .containsExactly("title", "minutes", "attendees");
        // AND a value left out on create is the default the contract says
        JsonNode outcome = schemas.at("/CreateVisit/properties/outcome");
        assertThat(outcome.get("default").asText()).isEqualTo("PLANNED");
        assertThat(outcome.get("description").asText()).contains("When left out on create: PLANNED");
        assertThat(schemas.at("/CreateVisit/properties/topics/items/properties/attendees/default")
                        .asLong())
                .isEqualTo(1L);
    }

    @Test
    void visitSchemas_shouldHoldItsCopiesOfTheCustomer_aCopyReadOnly_aChoiceGivenAsALabelOnCreateOnly() {
        JsonNode schemas = document.at("/components/schemas");

        // THEN the name copied whole is read-only, an object of the customer's fields, and in no body
        JsonNode visitor = schemas.at("/Visit/properties/visitor");
        assertThat(visitor.get("readOnly").asBoolean()).isTrue();
        assertThat(fieldNames(visitor.get("properties"))).containsExactly("firstName", "lastName");
        assertThat(visitor.get("description").asText())
                .startsWith(
                        "Copied from the customer's `firstName`, `lastName` when the visit is created, never given");
        assertThat(fieldNames(schemas.at("/CreateVisit/properties"))).doesNotContain("visitor");
        assertThat(fieldNames(schemas.at("/PatchVisit/properties"))).doesNotContain("visitor", "address");
        // AND the address chosen is held as the customer's address is, and given on create as a label of them
        JsonNode address = schemas.at("/Visit/properties/address");
        assertThat(fieldNames(address.get("properties"))).contains("street", "city", "country");
        assertThat(address.has("readOnly")).isFalse();
        JsonNode label = schemas.at("/CreateVisit/properties/address");
        assertThat(label.get("type").asText()).isEqualTo("string");
        assertThat(label.get("pattern").asText()).isEqualTo("^" + Field.LABEL + "$");
        assertThat(label.get("examples").get(0).asText()).isEqualTo("main");
        assertThat(label.get("description").asText())
                .startsWith("Given on create as a label of the customer's `mailingAddresses`: a copy of the value");
    }

    @Test
    void visitList_shouldTakeItsFilters_aTextByValue_aNumberByItsLeast() {
        // WHEN
        JsonNode list = operation("/businesses/{id}/visits", "get");

        // THEN each filter is a parameter of the business's list, and its description says what reads them
        assertThat(parameterNames(list))
                .containsExactly("id", "from", "limit", "minMinutes", "next", "outcome", "purpose", "to");
        JsonNode least = parameter(list, "minMinutes");
        assertThat(least.at("/schema/type").asText()).isEqualTo("integer");
        assertThat(least.at("/schema/minimum").asLong()).isEqualTo(1L);
        assertThat(least.at("/schema/maximum").asLong()).isEqualTo(1440L);
        assertThat(least.get("description").asText()).contains("whose minutes is at least this");
        assertThat(parameter(list, "purpose").get("description").asText()).contains("whose purpose is this");
        assertThat(list.get("description").asText())
                .contains("`minMinutes` (minutes at least it)", "`purpose` (purpose equal to it)", "FilterExpression");
    }

    private JsonNode parameter(JsonNode operation, String name) {
        for (JsonNode parameter : operation.get("parameters")) {
            if (parameter.get("name").asText().equals(name)) {
                return parameter;
            }
        }
        throw new AssertionError("no parameter " + name);
    }

    @Test
    void memberList_shouldSayItsNameOfTwoFields_andItsLookupByEmail() {
        // WHEN
        JsonNode list = operation("/businesses/{id}/members", "get");

        // THEN it is a list by name, whose prefix spans both fields, and it finds by email in one gsi1 partition
        assertThat(operationId("/businesses/{id}/members", "get")).isEqualTo("listMembersByName");
        assertThat(parameterNames(list)).containsExactly("id", "email", "limit", "namePrefix", "next");
        assertThat(list.at("/parameters/3/description").asText()).contains("lastName, then firstName, joined by '.'");
        assertThat(list.at("/parameters/1/description").asText()).contains("not with namePrefix");
        assertThat(list.at("/parameters/1/schema/examples/0").asText()).isEqualTo("ada@example.com");
        assertThat(list.at("/description").asText())
                .contains("merged by lastName, then firstName")
                .contains("gsi1pk = MEMBEREMAIL#<B>#<email, lower-cased>");
        assertThat(operation("/members/{id}", "patch").at("/description").asText())
                .contains("a new lastName or firstName changes the key");
    }

    @Test
    void searchHits_shouldNameEverySearchableEntity_theTestSourcesOnesIncluded() {
        List<String> searchable =
                Entity.searchable().stream().map(Entity::keyName).toList();

        assertThat(values(document.at("/components/schemas/SearchHit/properties/type/enum")))
                .contains(Supplier.ENTITY.keyName(), Entity.CUSTOMER.keyName())
                .containsExactlyInAnyOrderElementsOf(searchable);
        assertThat(document.at("/components/schemas/SearchHit/properties/type/description")
                        .asText())
                .contains(Supplier.ENTITY.keyName());
    }

    @Test
    void answers_shouldBeTheOnesTheDocumentAllows_forEveryDeclaredEntity() {
        // GIVEN a check of every answer against the document as served
        OpenApiValidationFilter conforms = OpenApiConformance.filterFor(served);
        for (Entity entity : DeclaredEntities.all()) {
            // and a subject of the entity made of its fields' examples, in a business of its own
            String business = createBusiness("Contract");
            String createPath = DeclaredEntities.createPath(entity, business);
            Map<String, Object> example = DeclaredEntities.validBody(entity, 1);
            example.put("tags", List.of("coffee"));
            String subject = "/" + entity.collection() + "/";

            // WHEN it is created, read, listed, changed, tagged, created again, refused a change and deleted, THEN each
            // answer conforms
            String id = given().filter(conforms)
                    .contentType(ContentType.JSON)
                    .header("Idempotency-Key", "declared-contract-" + entity.keyName())
                    .body(example)
                    .post(createPath)
                    .then()
                    .statusCode(201)
                    .extract()
                    .path("id");
            given().filter(conforms).get(subject + id).then().statusCode(200);
            given().filter(conforms)
                    .get("/businesses/" + business + "/" + entity.collection())
                    .then()
                    .statusCode(200);
            Field changeable = DeclaredEntities.changeable(entity).orElseThrow();
            given().filter(conforms)
                    .contentType(ContentType.JSON)
                    .header("If-Match", "\"1\"")
                    .body(Map.of(changeable.name(), FieldValues.valid(changeable, 2)))
                    .patch(subject + id)
                    .then()
                    .statusCode(200);
            given().filter(conforms).put(subject + id + "/tags/decaf").then().statusCode(204);
            if (entity.fields().stream().anyMatch(Field::isUnique)) {
                given().filter(conforms)
                        .contentType(ContentType.JSON)
                        .body(example)
                        .post(createPath)
                        .then()
                        .statusCode(409);
            }
            given().filter(conforms)
                    .contentType(ContentType.JSON)
                    .body("{\"" + changeable.name() + "\":"
                            + FieldValues.refused(changeable)
                                    .values()
                                    .iterator()
                                    .next() + "}")
                    .patch(subject + id)
                    .then()
                    .statusCode(422);
            given().filter(conforms)
                    .header("If-Match", "\"1\"")
                    .delete(subject + id)
                    .then()
                    .statusCode(412);
            given().filter(conforms).delete(subject + id).then().statusCode(204);
            given().filter(conforms).get(subject + id).then().statusCode(404);
        }
    }

    private String operationId(String path, String method) {
        return operation(path, method).get("operationId").asText();
    }

    private JsonNode operation(String path, String method) {
        JsonNode operation = document.path("paths").path(path).path(method);
        assertThat(operation.isMissingNode()).as(method + " " + path).isFalse();
        return operation;
    }

    private static List<String> parameterNames(JsonNode operation) {
        List<String> names = new ArrayList<>();
        operation
                .path("parameters")
                .forEach(parameter -> names.add(parameter.get("name").asText()));
        return names;
    }

    private String tagDescription(String name) {
        for (JsonNode tag : document.get("tags")) {
            if (tag.get("name").asText().equals(name)) {
                return tag.get("description").asText();
            }
        }
        throw new AssertionError("no tag " + name);
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<String> values(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }
}
