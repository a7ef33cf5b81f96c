package io.entitytable.deployment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The search index of core items, defined once. Readers and writers use the alias {@value #ALIAS}; the physical
 * index carries its mapping version ({@code entities-v1}), so a new mapping is built in a new index beside the old
 * one and the alias moves when it is full.
 *
 * <p>The definition (settings and mappings) is the resource {@value #DEFINITION_RESOURCE}: names are lower-cased and
 * ASCII-folded ("José" is found by "jose"), every text field has an edge n-gram {@code prefix} sub-field ("quix" finds
 * "Quixote"), and typos are forgiven at query time ({@code fuzziness: AUTO}), not in the mapping. Its one shard and
 * zero replicas suit the local engine; Amazon OpenSearch Serverless manages shards and replicas itself, so
 * {@link #definitionJson(boolean)} leaves them out there.
 *
 * <p><b>Physical names.</b> The first index of mapping version M is {@code entities-vM}; each rebuild of the same
 * mapping ({@code table-verify reindex}) takes the next generation, {@code entities-vM-2}, {@code entities-vM-3}, …; a
 * new mapping version starts again at {@code entities-vM'}. {@link SearchIndexNames} computes them (tests use their
 * own alias, hence a record rather than constants).
 *
 * <p><b>Rebuilds.</b> While a rebuild fills the next index, the alias {@value #NEXT_ALIAS} points at it, and the
 * indexer writes every batch through both aliases. The indexer looks the next alias up at most every {@link
 * #NEXT_ALIAS_RECHECK}; a rebuild waits {@link #REBUILD_SETTLE} (longer) after creating it before its Scan starts, so
 * every record the indexer handles after the Scan started is also written to the next index.
 */
public final class SearchIndex {
    public static final String ALIAS = "entities";
    /** The project's index names: {@value #ALIAS}, {@value #NEXT_ALIAS}, {@code entities-v1}, … */
    public static final SearchIndexNames NAMES = new SearchIndexNames(ALIAS);
    /** The alias of the index a rebuild is filling; it exists only while one runs. */
    public static final String NEXT_ALIAS = ALIAS + SearchIndexNames.NEXT_SUFFIX;

    public static final int MAPPING_VERSION = 1;
    /** How long the indexer may rely on what it last learnt about {@value #NEXT_ALIAS}. */
    public static final Duration NEXT_ALIAS_RECHECK = Duration.ofSeconds(5);
    /**
     * How long a rebuild waits between creating {@value #NEXT_ALIAS} and starting its Scan: longer than {@link
     * #NEXT_ALIAS_RECHECK}, with a margin for a batch that looked the alias up just before it existed.
     */
    public static final Duration REBUILD_SETTLE = NEXT_ALIAS_RECHECK.plusSeconds(5);

    public static final String DEFINITION_RESOURCE = "search/entities-v1.json";
    /**
     * The queue of stream records the index refused (a mapping or parse error), named for the local runtime; the CDK
     * stack has CloudFormation name its own.
     */
    public static final String DEAD_LETTER_QUEUE = "entity-table-search-dlq";

    private static final ObjectMapper JSON = new ObjectMapper();

    private SearchIndex() {}

    /** The physical index of the current mapping, e.g. {@code entities-v1}. */
    public static String physicalName() {
        return NAMES.first();
    }

    /** The create-index body: settings and mappings. */
    public static String definitionJson() {
        return definitionJson(false);
    }

    /**
     * The create-index body.
     *
     * @param managedShards true for a collection that manages shards and replicas itself (Serverless)
     */
    public static String definitionJson(boolean managedShards) {
        try (InputStream in = SearchIndex.class.getClassLoader().getResourceAsStream(DEFINITION_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + DEFINITION_RESOURCE);
            }
            String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!managedShards) {
                return json;
            }
            ObjectNode definition = (ObjectNode) JSON.readTree(json);
            ObjectNode index = (ObjectNode) definition.path("settings").path("index");
            index.remove("number_of_shards");
            index.remove("number_of_replicas");
            return JSON.writeValueAsString(definition);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(DEFINITION_RESOURCE + " is not JSON", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
