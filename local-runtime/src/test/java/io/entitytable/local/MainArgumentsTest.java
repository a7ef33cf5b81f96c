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
    @ValueSource(strings = {"--api-port", "--dynamodb-port", "--sqs-port", "--search-port", "--s3-port"})
    void port_shouldBeANumberFrom1To65535(String option) {
        for (String bad : List.of("abc", "0", "-1", "65536", "99999999999", "80.5", "")) {
            assertThatThrownBy(() -> Main.options(new ArrayDeque<>(List.of(option, bad)), true))
                    .as("%s %s", option, bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(option + " must be a port number from 1 to 65535, not '" + bad + "'");
        }
        LocalOptions options = Main.options(new ArrayDeque<>(List.of(option, "65535")), true);
        assertThat(List.of(
                        options.apiPort(),
                        options.dynamoDbPort(),
                        options.sqsPort(),
                        options.searchPort(),
                        options.s3Port()))
                .contains(65535);
    }

    @Test
    void apiInstances_shouldBeOneByDefault_aNumberFrom1To16_andForStartOnly() {
        assertThat(Main.options(new ArrayDeque<>(), true).apiInstances()).isEqualTo(1);
        assertThat(Main.options(new ArrayDeque<>(List.of("--api-instances", "8")), true)
                        .apiInstances())
                .isEqualTo(8);
        for (String bad : List.of("abc", "0", "-1", "17", "")) {
            assertThatThrownBy(() -> Main.options(new ArrayDeque<>(List.of("--api-instances", bad)), true))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("--api-instances must be a number from 1 to 16, not '" + bad + "'");
        }
        assertThatThrownBy(() -> Main.options(new ArrayDeque<>(List.of("--api-instances", "2")), false))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void s3_shouldRunOnItsDefaultPort_onAnotherWithS3Port_andNotWithNoArchive() {
        // GIVEN no option, --s3-port, --no-archive
        // WHEN start's options are read
        LocalOptions defaults = Main.options(new ArrayDeque<>(), true);
        LocalOptions otherPort = Main.options(new ArrayDeque<>(List.of("--s3-port", "9010")), true);
        LocalOptions noArchive = Main.options(new ArrayDeque<>(List.of("--no-archive")), true);

        // THEN the S3 server runs on 9000 in the data folder's s3 folder, on 9010, and not at all
        assertThat(defaults.archive()).isTrue();
        assertThat(defaults.s3Port()).isEqualTo(LocalOptions.S3_PORT).isEqualTo(9000);
        assertThat(defaults.s3Folder()).isEqualTo(defaults.dataFolder().resolve("s3"));
        assertThat(otherPort.archive()).isTrue();
        assertThat(otherPort.s3Port()).isEqualTo(9010);
        assertThat(noArchive.archive()).isFalse();
        // AND with --in-memory its folder is a scratch one
        assertThat(Main.options(new ArrayDeque<>(List.of("--in-memory")), true).s3Folder())
                .isEqualTo(defaults.dataFolder().resolve("s3-scratch"));
        // AND invoke finds a running system's S3 on the port it is told, while --no-archive is start's only
        assertThat(Main.options(new ArrayDeque<>(List.of("--s3-port", "9010")), false)
                        .s3Port())
                .isEqualTo(9010);
        assertThatThrownBy(() -> Main.options(new ArrayDeque<>(List.of("--no-archive")), false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--no-archive is an option of start");
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
