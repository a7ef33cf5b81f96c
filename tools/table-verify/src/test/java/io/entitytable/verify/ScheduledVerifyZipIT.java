package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.FunctionZipContents;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What the scheduled verify's {@code function.zip} holds, as {@code cdk deploy} ships it. It runs after this module's
 * {@code package} phase built the zip (the pom's {@code packaged-zip} execution), so that no other module has to wait
 * for this one to check it.
 */
class ScheduledVerifyZipIT {
    @Test
    void scheduledVerifyZip_shouldHoldItsHandlerAndScanCode_butNoLocalEngine() throws Exception {
        // GIVEN the package this module's build has just made (the working directory is the module's folder)
        FunctionDefinition verify = FunctionDefinition.SCHEDULED_VERIFY;
        Path zip = Path.of(verify.module()).relativize(Path.of(verify.zipPath()));
        assertThat(zip).isRegularFile();

        // WHEN its entries and libraries are listed
        FunctionZipContents contents = FunctionZipContents.of(zip);

        // THEN its handler is at the root, the drift check, search-repair's Scan and the table model are in, and no
        // local engine is
        assertThat(contents.entries()).contains("io/entitytable/verify/ScheduledVerifyHandler.class");
        // AND the scheduled archive's handler and the archive job (with its S3 client) are in the same zip
        assertThat(contents.entries()).contains("io/entitytable/verify/ScheduledArchiveHandler.class");
        assertThat(Path.of(FunctionDefinition.SCHEDULED_ARCHIVE.zipPath())).isEqualTo(Path.of(verify.zipPath()));
        assertThat(contents.libraries())
                .anyMatch(name -> name.startsWith("archive-"))
                .anyMatch(name -> name.startsWith("s3-"))
                .anyMatch(name -> name.startsWith("table-checks"))
                .anyMatch(name -> name.startsWith("search-repair"))
                .anyMatch(name -> name.startsWith("table-model"))
                .noneMatch(name -> name.startsWith("local-engine")
                        || name.startsWith("local-dynamodb")
                        || name.startsWith("slf4j-simple"));
    }
}
