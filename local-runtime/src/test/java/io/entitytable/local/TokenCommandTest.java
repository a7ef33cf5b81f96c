package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.nimbusds.jwt.JWTClaimsSet;
import io.entitytable.deployment.AuthGroups;
import io.entitytable.local.auth.ApiGatewayClaims;
import io.entitytable.local.auth.LocalIssuer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokenCommandTest {
    private static final String BUSINESS_1 = "01JD8X3K5Q7Y2M4N6P8R0T2V4W";
    private static final String BUSINESS_2 = "01JD8X4B2C3D4E5F6G7H8J9K0M";

    @TempDir
    Path dataFolder;

    @Test
    void operator_shouldPrintAsLastLineAnOperatorTokenTheDataFoldersIssuerAccepts_validTwelveHours() {
        // GIVEN the token command for an operator on a data folder
        TokenCommand command = parse("--operator", "--data", dataFolder.toString());

        // WHEN it runs
        String printed = run(command);

        // THEN its last line is a token the issuer of that data folder (the one a started system uses) verifies
        JWTClaimsSet claims = LocalIssuer.inFolder(dataFolder.resolve("auth")).verify(lastLine(printed));
        assertThat(ApiGatewayClaims.of(claims)).containsEntry(AuthGroups.DEFAULT_CLAIM, "[operators]");
        assertThat(claims.getExpirationTime().toInstant())
                .isCloseTo(Instant.now().plus(Duration.ofHours(12)), within(1, ChronoUnit.MINUTES));
        // AND the lines before it say what it is and how to send it
        assertThat(printed).contains("valid until").contains("Authorization: Bearer $TOKEN");
    }

    @Test
    void business_shouldNameEveryGivenBusiness() {
        // GIVEN a member of two businesses
        TokenCommand command =
                parse("--business", BUSINESS_1, "--business", BUSINESS_2, "--data", dataFolder.toString());

        // WHEN the command runs
        String token = lastLine(run(command));

        // THEN the token's groups are exactly those businesses
        JWTClaimsSet claims = LocalIssuer.inFolder(dataFolder.resolve("auth")).verify(token);
        assertThat(ApiGatewayClaims.of(claims))
                .containsEntry(AuthGroups.DEFAULT_CLAIM, "[business-" + BUSINESS_1 + " business-" + BUSINESS_2 + "]");
    }

    @Test
    void parse_shouldUseStartsDefaultDataFolder_whenNoneIsGiven() {
        // GIVEN a repository root
        Path root = TestRepository.root();

        // WHEN the command is given no data folder
        TokenCommand command = TokenCommand.parse(new ArrayDeque<>(List.of("--operator")), root);

        // THEN it mints with the key of start's default data folder
        assertThat(command.dataFolder())
                .isEqualTo(LocalOptions.defaults(root)
                        .dataFolder()
                        .toAbsolutePath()
                        .normalize());
    }

    @Test
    void parse_shouldRefuseWhatIsNotOneKindOfToken_orNotABusinessId() {
        // GIVEN / WHEN / THEN: neither kind, both kinds, an id that is not a ULID, a lower-case one, a missing value
        assertThatThrownBy(() -> parse()).hasMessageContaining("--operator or one or more --business");
        assertThatThrownBy(() -> parse("--operator", "--business", BUSINESS_1))
                .hasMessageContaining("--operator or one or more --business");
        assertThatThrownBy(() -> parse("--business", "acme"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ULID")
                .hasMessageContaining("'acme'");
        assertThatThrownBy(() -> parse("--business", BUSINESS_1.toLowerCase())).hasMessageContaining("ULID");
        assertThatThrownBy(() -> parse("--business", "--operator")).hasMessageContaining("--business needs a value");
        assertThatThrownBy(() -> parse("--operator", "--admin")).hasMessageContaining("unknown option '--admin'");
    }

    @Test
    void commandLine_shouldPrintTheTokenLast_andAUsageErrorForABadId() throws Exception {
        // GIVEN the command line in a JVM of its own, as java -jar local-runtime.jar runs it
        // WHEN it is asked for an operator's token, and for a business whose id is not one
        LocalRuntimeProcess operator =
                LocalRuntimeProcess.run(Duration.ofSeconds(60), "token", "--operator", "--data", dataFolder.toString());
        LocalRuntimeProcess badId = LocalRuntimeProcess.run(
                Duration.ofSeconds(60), "token", "--business", "not-an-id", "--data", dataFolder.toString());

        // THEN the first prints a token the data folder's issuer accepts as its last line
        assertThat(operator.exitCode()).as(operator.output()).isZero();
        assertThat(LocalIssuer.inFolder(dataFolder.resolve("auth")).verify(lastLine(operator.stdout())))
                .isNotNull();
        // AND the second fails with a usage error that says what is wrong, and prints no token
        assertThat(badId.exitCode()).isEqualTo(2);
        assertThat(badId.stderr()).contains("'not-an-id'").contains("ULID").contains("usage:");
        assertThat(badId.stdout()).isEmpty();
    }

    private TokenCommand parse(String... arguments) {
        return TokenCommand.parse(new ArrayDeque<>(List.of(arguments)), TestRepository.root());
    }

    private static String run(TokenCommand command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        command.run(new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String lastLine(String printed) {
        List<String> lines = printed.strip().lines().toList();
        return lines.get(lines.size() - 1);
    }
}
