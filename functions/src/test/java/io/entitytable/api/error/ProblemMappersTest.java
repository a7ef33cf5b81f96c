package io.entitytable.api.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.table.TransactionConflict;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;

/** The statuses a busy table maps to, without Quarkus. */
class ProblemMappersTest {
    private final ProblemMappers mappers = new ProblemMappers();

    @Test
    void apiProblem_shouldBe503WithRetryAfter_whenTheRetriesMetOtherTransactionsToTheEnd() {
        // WHEN
        Response response = mappers.apiProblem(ApiProblem.busy());

        // THEN
        assertThat(response.getStatus()).isEqualTo(503);
        assertThat(response.getHeaderString("Retry-After")).isEqualTo("1");
        assertThat(response.getMediaType().toString()).startsWith("application/problem+json");
    }

    @Test
    void transactionConflict_shouldBe503WithRetryAfter_whenNoRetryCycleCaughtIt() {
        // WHEN
        Response response = mappers.transactionConflict(new TransactionConflict());

        // THEN
        assertThat(response.getStatus()).isEqualTo(503);
        assertThat(response.getHeaderString("Retry-After")).isEqualTo("1");
    }

    @Test
    void apiProblem_shouldStay409WithoutRetryAfter_whenTheBusinessIsBeingDeleted() {
        // WHEN
        Response response = mappers.apiProblem(
                ApiProblem.conflict("the customer's business is being deleted; the order was not placed"));

        // THEN
        assertThat(response.getStatus()).isEqualTo(409);
        assertThat(response.getHeaderString("Retry-After")).isNull();
    }
}
