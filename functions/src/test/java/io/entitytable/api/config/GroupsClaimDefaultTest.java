package io.entitytable.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.AuthGroups;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The API reads the groups from the claim the stack's user pool and the local issuer put them in, unless the deployer
 * names another: application.properties spells that default again for {@code AUTH_GROUPS_CLAIM}, and this holds it to
 * the one definition.
 */
class GroupsClaimDefaultTest {

    @Test
    void applicationProperties_shouldDefaultToTheClaimTheIssuersUse() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
            properties.load(in);
        }
        assertThat(properties.getProperty("entity-table.groups-claim"))
                .isEqualTo("${AUTH_GROUPS_CLAIM:" + AuthGroups.DEFAULT_CLAIM + "}");
    }
}
