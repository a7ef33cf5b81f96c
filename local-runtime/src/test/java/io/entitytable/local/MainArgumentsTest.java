package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Command lines the local runtime refuses as usage errors (exit 2, the message and the usage), before anything starts:
 * a port that is not one, an event file that is not there.
 */
class MainArgumentsTest {
    @ParameterizedTest
    @ValueSource(strings = {"--api-port", "--dynamodb-port", "--sqs-port", "--search-port"})
    void port_shouldBeANumberFrom1To65535(String option) {
        for (String bad : List.of("abc", "0", "-1", "65536", "99999999999", "80.5", "")) {
            assertThatThrownBy(() -> Main.options(new ArrayDeque<>(List.of(option, bad)), true))
                    .as("%s %s", option, bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(option + " must be a port number from 1 to 65535, not '" + bad + "'");
        }
        LocalOptions options = Main.options(new ArrayDeque<>(List.of(option, "65535")), true);
        assertThat(List.of(options.apiPort(), options.dynamoDbPort(), options.sqsPort(), options.searchPort()))
                .contains(65535);
    }

    @Test
    void eventFile_shouldExist_hereOrUnderTheRepositoryRoot() {
        assertThatThrownBy(() -> Main.resolveEvent("events/api/no-such-event.json"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "no event file events/api/no-such-event.json here or under the repository root");
        assertThatThrownBy(() -> Main.resolveEvent("/no/such/event.json"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no event file /no/such/event.json");
        assertThatThrownBy(() -> Main.resolveEvent("events"))
                .as("a folder is not an event file")
                .isInstanceOf(IllegalArgumentException.class);
        Path sample = Main.resolveEvent("events/api/businesses-id-search-get.json");
        assertThat(sample).isRegularFile();
    }
}
