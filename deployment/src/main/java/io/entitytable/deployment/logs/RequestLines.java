package io.entitytable.deployment.logs;

import java.util.Locale;

/**
 * The API's line per request ({@code answered}): the logger category that writes it, and the environment variable that
 * sets its level in a function's environment, so that a stage can turn the lines off without a new build. The API's
 * {@code RequestLogFilter} is that category (a test there holds the two names together).
 */
public final class RequestLines {
    /** The logger category of the API's request lines. */
    public static final String CATEGORY = "io.entitytable.api.logs.RequestLogFilter";

    private RequestLines() {}

    /**
     * Quarkus's environment variable for {@code quarkus.log.category."<CATEGORY>".level}: a quoted segment of a property
     * name becomes a segment between double underscores.
     */
    public static String levelVariable() {
        return "QUARKUS_LOG_CATEGORY__" + CATEGORY.replace('.', '_').toUpperCase(Locale.ROOT) + "__LEVEL";
    }
}
