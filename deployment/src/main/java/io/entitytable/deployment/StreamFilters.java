package io.entitytable.deployment;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import java.util.List;

/**
 * The stream filter patterns of the fan-out's event source mapping, defined once: only records whose new or old image
 * is a core item reach the function, so the duplicates it writes never trigger it again (see "Stream trigger" in
 * {@code docs/design.md}).
 *
 * <p>Lambda allows several filters per mapping and passes a record when any of them matches. The patterns use only
 * exact string matching on the {@code dynamodb} key, which Lambda event filtering supports.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/with-ddb-filtering.html">Filtering DynamoDB events</a>
 */
public final class StreamFilters {
    /** An INSERT or MODIFY of a core item. */
    public static final String NEW_IMAGE_IS_CORE = pattern("NewImage");
    /** A MODIFY or REMOVE of a core item. */
    public static final String OLD_IMAGE_IS_CORE = pattern("OldImage");

    public static final List<String> PATTERNS = List.of(NEW_IMAGE_IS_CORE, OLD_IMAGE_IS_CORE);

    private StreamFilters() {}

    private static String pattern(String image) {
        return "{\"dynamodb\":{\"" + image + "\":{\"" + Attributes.KIND + "\":{\"S\":[\"" + ItemKind.CORE.value()
                + "\"]}}}}";
    }
}
