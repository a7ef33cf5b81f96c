package io.entitytable.local.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.entitytable.checks.SearchIndexNotFoundException;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.auth.OperatorOnly;
import io.entitytable.local.auth.Problems;
import io.entitytable.local.metrics.LocalMetrics;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.StaticHandler;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * The local console at {@value #PATH}: a few static pages, the sign-in ({@link ConsoleSession}) and, behind the token
 * check, the reads only the console makes under {@value #API}: raw items by partition and by business, the copies of
 * a subject with their freshness, the stream consumers and jobs, and the checks. The API's own routes serve everything
 * else the pages show (search, creates, renames), with the token the sign-in gave. Only the local runtime serves any
 * of this: the deployed API has no such route, and every path here answers only clients on this machine.
 */
public final class Console {
    public static final String PATH = "/console";
    static final String API = PATH + "/api";

    private static final int NOT_FOUND = 404;
    private static final int UNPROCESSABLE = 422;
    private static final int UNAVAILABLE = 503;
    private static final int INTERNAL_ERROR = 500;
    /** DynamoDB's limit on a partition key's value. */
    private static final int PARTITION_KEY_BYTES = 2048;

    private static final System.Logger LOG = System.getLogger(Console.class.getName());
    private static final String PAGES = "console";
    /** Every path under {@value #PATH} but the reads under {@value #API}. */
    private static final String PAGES_PATHS = "^" + PATH + "/(?!api/).*";

    /**
     * What the pages may load and where they may connect: this origin only, no inline script, so no request leaves the
     * machine and a value that slipped into the page unescaped could not run.
     */
    private static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self';"
            + " img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private final LocalIssuer issuer;
    private final LocalMetrics metrics;
    private volatile TableView table;
    private volatile JobWatch jobs;
    private volatile Supplier<Object> verify;
    private volatile Supplier<Object> capacity;
    private volatile Supplier<Object> archive = () -> null;

    public Console(LocalIssuer issuer, LocalMetrics metrics) {
        this.issuer = issuer;
        this.metrics = metrics;
    }

    /** The table is up: the console's reads may start. */
    public void tableReady(TableView view) {
        this.table = view;
    }

    /** The refresh worker's deliveries, seen through {@code watch}. */
    public void jobsFrom(JobWatch watch) {
        this.jobs = watch;
    }

    /** What "Run verify" runs: a plain value, written as JSON. */
    public void verifyFrom(Supplier<Object> verifyRun) {
        this.verify = verifyRun;
    }

    /** What "Capacity of the data present" shows: a plain value, written as JSON. */
    public void capacityFrom(Supplier<Object> capacityOfData) {
        this.capacity = capacityOfData;
    }

    /** What the jobs panel shows of the archive job (its moves, the businesses it looks at next): a plain value. */
    public void archiveFrom(Supplier<Object> archiveJob) {
        this.archive = archiveJob;
    }

    /** The pages and the sign-in, which need no token; before the token check. */
    public void mountPages(Router router) {
        router.route(PATH).handler(Console::thisMachineOnly);
        router.route(PATH + "/*").handler(Console::thisMachineOnly);
        router.post(ConsoleSession.PATH).handler(new ConsoleSession(issuer));
        // "/console" alone, not "/console/" (which a path route would match too): the page's links are relative.
        router.routeWithRegex(HttpMethod.GET, "^" + PATH + "$").handler(ctx -> ctx.redirect(PATH + "/"));
        router.route(PATH + "/*").handler(Console::securityHeaders);
        // A path route, so the handler serves the path below it; what it does not have (the reads under /api among
        // them) it passes on.
        router.route(PATH + "/*")
                .handler(StaticHandler.create(PAGES).setIndexPage("index.html").setCachingEnabled(false));
        router.routeWithRegex(PAGES_PATHS).handler(ctx -> notFound(ctx, "No such console page."));
    }

    /** The console's reads: operators only; after the token check and before the API's catch-all route. */
    public void mountApi(Router router) {
        router.route(API + "/*").handler(new OperatorOnly("The console is for operators."));
        router.get(API + "/businesses")
                .handler(ctx ->
                        answer(ctx, () -> view().businesses(ctx.queryParams().get("name"))));
        router.get(API + "/businesses/:id/collection").handler(ctx -> {
            String id = ctx.pathParam("id");
            if (!Ids.isValid(id)) {
                invalid(ctx, "The business id must be a ULID as the API returned it.");
                return;
            }
            answer(ctx, () -> view().collection(id));
        });
        router.get(API + "/partitions/:id").handler(ctx -> {
            String id = ctx.pathParam("id");
            if (id.getBytes(StandardCharsets.UTF_8).length > PARTITION_KEY_BYTES) {
                invalid(ctx, "A partition key is at most " + PARTITION_KEY_BYTES + " bytes.");
                return;
            }
            answer(ctx, () -> view().partition(id));
        });
        router.get(API + "/copies/:subject").handler(ctx -> {
            Optional<Keys.SubjectRef> subject = Keys.parseSubjectRef(ctx.pathParam("subject"));
            if (subject.isEmpty()) {
                invalid(
                        ctx,
                        "The subject must be <entity>#<id>, e.g. store#01J..., with an id as the API returned it.");
                return;
            }
            answer(ctx, () -> view().copies(subject.get()));
        });
        router.get(API + "/streams").handler(ctx -> answer(ctx, this::streams));
        router.post(API + "/verify").handler(ctx -> answer(ctx, () -> check(verify)));
        router.get(API + "/capacity").handler(ctx -> answer(ctx, () -> check(capacity)));
        router.route(API + "/*").handler(ctx -> notFound(ctx, "No such console read."));
    }

    /**
     * What the stream-consumers panel shows: the metrics' figures, each recent job's item, and the archive job (null
     * while the system runs without its archive).
     */
    private Map<String, Object> streams() {
        Map<String, Object> streams = new LinkedHashMap<>();
        streams.put("metrics", metrics.summary());
        JobWatch watch = jobs;
        List<JobWatch.SeenJob> seen = watch == null ? List.of() : watch.seen();
        streams.put("jobs", view().jobs(seen));
        streams.put("archive", archive.get());
        return streams;
    }

    private TableView view() {
        TableView view = table;
        if (view == null) {
            throw new NotReady("The table is not up yet.");
        }
        return view;
    }

    private static Object check(Supplier<Object> check) {
        if (check == null) {
            throw new NotReady("The checks are not ready yet.");
        }
        return check.get();
    }

    /** The reads block on the DynamoDB engine or the search engine: off the event loop. */
    private static void answer(RoutingContext ctx, Callable<Object> read) {
        ctx.vertx()
                .executeBlocking(() -> JSON.writeValueAsBytes(read.call()), false)
                .onSuccess(json -> ctx.response()
                        .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                        .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                        .end(io.vertx.core.buffer.Buffer.buffer(json)))
                .onFailure(e -> {
                    if (e instanceof NotReady || e instanceof SearchIndexNotFoundException) {
                        Problems.send(ctx, UNAVAILABLE, "Service Unavailable", e.getMessage());
                    } else {
                        // A local tool: the operator reading the page is the one who can act on the cause.
                        LOG.log(
                                System.Logger.Level.ERROR,
                                "console read " + ctx.request().path() + " failed",
                                e);
                        Problems.send(
                                ctx, INTERNAL_ERROR, "Internal Server Error", "The read failed: " + e.getMessage());
                    }
                });
    }

    private static void thisMachineOnly(RoutingContext ctx) {
        if (ConsoleSession.isLoopback(ctx.request().remoteAddress())) {
            ctx.next();
        } else {
            notFound(ctx, "The console answers only on this machine.");
        }
    }

    private static void securityHeaders(RoutingContext ctx) {
        if (ctx.request().method() == HttpMethod.GET) {
            ctx.response()
                    .putHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                    .putHeader("X-Content-Type-Options", "nosniff")
                    .putHeader("Referrer-Policy", "no-referrer");
        }
        ctx.next();
    }

    private static void invalid(RoutingContext ctx, String detail) {
        Problems.send(ctx, UNPROCESSABLE, "Unprocessable Content", detail);
    }

    private static void notFound(RoutingContext ctx, String detail) {
        Problems.send(ctx, NOT_FOUND, "Not Found", detail);
    }

    /** A read asked for before the part it reads has started. */
    private static final class NotReady extends RuntimeException {
        NotReady(String message) {
            super(message);
        }
    }
}
