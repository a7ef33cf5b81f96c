package io.entitytable.model.house;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rules of the repository's layout that a compiler cannot check, read from every module's main sources: a Query's key
 * condition is written only in the data-access layer, a Scan only by the operators' tools, an entity's rules only in
 * its definition, and no list of entities by hand.
 */
class HouseRulesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path ACCESS = Path.of("table-model/src/main/java/io/entitytable/model/access");
    private static final Path REBUILD = Path.of("search-repair/src/main/java/io/entitytable/search/repair");
    private static final Path ENTITY = Path.of("table-model/src/main/java/io/entitytable/model/Entity.java");
    /**
     * The API's contract generator: it runs where the document is generated, in the API's tests (its OpenAPI extension
     * is test scope), but it is the product's contract, so the rules hold it as they hold main code.
     */
    private static final String CONTRACT = "/functions/src/test/java/io/entitytable/api/contract/";

    /** {@code x == Entity.STORE}, {@code Entity.ORDER != x}, {@code case CUSTOMER ->}: a rule of one entity's. */
    private static final Pattern ENTITY_BRANCH = Pattern.compile(
            "[=!]=\\s*Entity\\.[A-Z]+\\b|\\bEntity\\.[A-Z]+\\s*[=!]=|\\bcase\\s+(BUSINESS|CUSTOMER|STORE|ORDER)\\b");

    @Test
    void keyConditions_shouldBeWrittenOnlyInTheDataAccessLayer() {
        // WHEN
        List<String> offenders = mainSources()
                .filter(file -> !ROOT.relativize(file).startsWith(ACCESS))
                .filter(file -> read(file).contains("keyConditionExpression("))
                .map(file -> ROOT.relativize(file).toString())
                .toList();

        // THEN
        assertThat(offenders)
                .as("main sources that write a key condition themselves")
                .isEmpty();
    }

    @Test
    void scans_shouldBeWrittenOnlyByTheOperatorsTools() {
        // WHEN: a Scan reads the whole table, never right on a request path; only search-repair (the index rebuild
        // and the index backfill, whose segment Scan verify, the capacity model of the data present and the local
        // console's business list read through) and the tools (verify, repair, migrate, the fault run's census) may
        // build one.
        List<String> offenders = mainSources()
                .filter(file -> !ROOT.relativize(file).startsWith(REBUILD)
                        && !ROOT.relativize(file).startsWith("tools"))
                .filter(file -> read(file).contains("ScanRequest"))
                .map(file -> ROOT.relativize(file).toString())
                .toList();

        // THEN
        assertThat(offenders)
                .as("main sources outside the operators' tools that Scan")
                .isEmpty();
    }

    @Test
    void entityRules_shouldLiveOnlyInTheEntityDefinitions() {
        // WHEN
        List<String> offenders = new ArrayList<>();
        mainSources().filter(file -> !ROOT.relativize(file).equals(ENTITY)).forEach(file -> {
            String[] lines = read(file).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (ENTITY_BRANCH.matcher(lines[i]).find()) {
                    offenders.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + lines[i].strip());
                }
            }
        });

        // THEN
        assertThat(offenders)
                .as("branches on one entity outside its definition")
                .isEmpty();
    }

    @Test
    void entityLists_shouldNotBeWrittenByHand_inMainSources() {
        // WHEN: two or more entities listed by hand, which a new entity silently misses (HandWrittenEntityLists)
        List<String> offenders = new ArrayList<>();
        mainSources().forEach(file -> HandWrittenEntityLists.in(read(file))
                .forEach(found -> offenders.add(ROOT.relativize(file) + ":" + found)));

        // THEN
        assertThat(offenders)
                .as("hand-written lists of entities in main sources: ask Entity.all() and the definitions instead")
                .isEmpty();
    }

    @Test
    void theRules_shouldReadTheWholeRepository() {
        // THEN: a wrong root would make both rules pass on nothing.
        assertThat(mainSources().map(file -> ROOT.relativize(file).getName(0).toString()))
                .contains(
                        "table-model",
                        "functions",
                        "stream-fanout",
                        "search-indexer",
                        "search-repair",
                        "infra-cdk",
                        "tools");
        assertThat(read(ROOT.resolve(ENTITY))).contains("public static final Entity STORE");
    }

    private static Stream<Path> mainSources() {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files
                    .filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> file.toString().contains("/src/main/java/")
                            || file.toString().contains(CONTRACT))
                    .filter(file -> !file.toString().contains("/node_modules/")
                            && !file.toString().contains("/target/"))
                    .toList()
                    .stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
