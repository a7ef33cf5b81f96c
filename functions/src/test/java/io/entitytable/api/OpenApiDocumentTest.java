package io.entitytable.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.entitytable.model.EntityDeclarations;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed {@code functions/openapi.json} is the API's contract (the CDK stack routes from it); this test fails
 * when the code and the document drift apart. Regenerate with {@code -Dopenapi.update=true}.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class OpenApiDocumentTest {
    static final Path COMMITTED = Path.of("openapi.json");

    @Test
    void servedDocument_shouldEqualCommittedOne() throws Exception {
        // -Dtest runs this in the test-only declarations' JVM too, where the served document holds them: it must
        // neither check nor write the shipped one there.
        assumeTrue(
                System.getProperty(EntityDeclarations.PROPERTY) == null,
                "the shipped document is checked in a JVM without test-only declarations");
        // GIVEN
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        String served = given().queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        JsonNode servedTree = json.readTree(served);

        // WHEN
        if (Boolean.getBoolean("openapi.update")) {
            Files.writeString(COMMITTED, json.writeValueAsString(servedTree) + "\n");
        }
        JsonNode committed = json.readTree(Files.readString(COMMITTED));

        // THEN
        assertThat(servedTree.equals(committed))
                .as("functions/openapi.json is stale: run mvn -pl functions -am test -Dtest=OpenApiDocumentTest"
                        + " -Dopenapi.update=true -Dsurefire.failIfNoSpecifiedTests=false")
                .isTrue();
    }

    @Test
    void swaggerUi_shouldBeServed() {
        given().get("/q/swagger-ui/").then().statusCode(200);
    }
}
