package io.entitytable.verify;

import io.entitytable.verify.move.OnlineMoveCommand;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The command line of {@code migrate --online --from T --to T2 [--cut-over all|B,...] [--cut-back B,...]
 * [--pause-budget MS] [--attempts N] [--replicate-for S] [--api-function NAME [--lambda-endpoint URL]] [--endpoint URL]
 * [--region R] [--segments N]}.
 *
 * @param target where the tables are (an endpoint or AWS, with the region) and the Scan segments
 * @param replicateFor how long the replicators run after the cut-overs; null: until the process is stopped
 * @param apiFunction the API's function, whose configuration a cut-over needs to find routing; null: not checked (the
 *     local runtime, which runs its API with the target when started with {@code --move-to})
 * @param lambdaEndpoint where Lambda's API is read, when not AWS's; null: AWS
 */
record OnlineMoveOptions(
        VerifyOptions target,
        String from,
        String to,
        List<String> cutOver,
        List<String> cutBack,
        Duration pauseBudget,
        int attempts,
        Duration replicateFor,
        String apiFunction,
        URI lambdaEndpoint) {
    static final Duration DEFAULT_PAUSE_BUDGET = Duration.ofMillis(800);
    /** The API holds a fenced business's request for a second, then answers 503: a longer fence would refuse writes. */
    static final Duration MAX_PAUSE_BUDGET = Duration.ofSeconds(1);

    static final int DEFAULT_ATTEMPTS = 5;
    private static final int MIN_PAUSE_MILLIS = 50;

    static final String USAGE =
            """
            usage: migrate --online --from TABLE --to TABLE [--cut-over all|B,...] [--cut-back B,...]
                           [--pause-budget MS] [--attempts N] [--replicate-for S]
                           [--api-function NAME [--lambda-endpoint URL]] [--endpoint URL] [--region R] [--segments N]
              migrate --online  move a table to another while the API writes to it (docs/design.md §2, "Moving a
                         table online"): replicators both ways from the two tables' streams, a bulk copy, a check of
                         both tables item for item by content, then a cut-over of each business named, with its writes
                         held for less than --pause-budget; the replicators run on so that each business can go back.
                         Before any cut-over the API must run with MOVE_TARGET_TABLE set to the --to table, so that
                         each of its writes checks its business's route: on AWS, --api-function is checked for it
              --from T        the table that serves now (the home table)
              --to T          the table to move to; created in this layout when missing
              --cut-over X    all: every business the check counted; or business ids, comma-separated
              --cut-back X    business ids to route back to the home table
              --pause-budget  longest a business's writes are fenced, in ms, %d..%d (default %d); a cut-over that
                              needs longer lifts its fence, and is tried again up to --attempts times (default %d)
              --replicate-for S  keep replicating S seconds after the cut-overs (0: stop at once, which leaves the
                              way back behind); default: until Ctrl-C or SIGTERM
              --api-function NAME  the API's function (the stack's ApiFunctionName output); before any cut-over,
                              its alias must run one version, with MOVE_TARGET_TABLE=--to, for longer than its
                              timeout. Needed for a cut-over on AWS
              --lambda-endpoint URL  where Lambda's API is read, when not AWS's
              --endpoint URL  the local DynamoDB engine, e.g. http://localhost:8000 (the local runtime's); omit for AWS
              --region R, --segments N   as for verify
            exit codes: 0 copied, equal and cut over, 1 the tables still differ (no cut-over made), 2 usage error,
                        3 a cut-over gave up every attempt, a business was being erased, or the move could not
                        finish, 4 the API does not route to --to yet (no cut-over made)"""
                    .formatted(
                            MIN_PAUSE_MILLIS,
                            MAX_PAUSE_BUDGET.toMillis(),
                            DEFAULT_PAUSE_BUDGET.toMillis(),
                            DEFAULT_ATTEMPTS);

    /** Whether the arguments after {@code migrate} ask for an online move. */
    static boolean isOnline(List<String> args) {
        return args.contains("--online");
    }

    /** The options of this command that take a value; the table's options are verify's, which reads them. */
    private static final Set<String> OWN_OPTIONS = Set.of(
            "--from",
            "--to",
            "--cut-over",
            "--cut-back",
            "--pause-budget",
            "--attempts",
            "--replicate-for",
            "--api-function");

    private static final Set<String> TABLE_OPTIONS = Set.of("--endpoint", "--region", "--segments");
    private static final Set<String> OFFLINE_OPTIONS = Set.of("--data", "--in-place", "--checkpoint");

    static OnlineMoveOptions parse(List<String> args) {
        OptionReader arguments = new OptionReader(args);
        Map<String, String> given = new HashMap<>();
        URI lambdaEndpoint = null;
        List<String> verifyArguments = new ArrayList<>(List.of("verify"));
        while (arguments.hasNext()) {
            String option = arguments.next();
            if (option.equals("--lambda-endpoint")) {
                lambdaEndpoint = arguments.url(option, "http://localhost:9001");
            } else if (OWN_OPTIONS.contains(option)) {
                given.put(option, arguments.value(option));
            } else if (TABLE_OPTIONS.contains(option)) {
                arguments.passOn(option, verifyArguments);
            } else if (OFFLINE_OPTIONS.contains(option)) {
                throw new UsageException(option + " is not for an online move: the API serves the table meanwhile,"
                        + " through the local runtime (--endpoint) or on AWS");
            } else if (!option.equals("--online")) {
                throw new UsageException("unknown option '" + option + "'");
            }
        }
        String from = Optional.ofNullable(given.get("--from"))
                .filter(name -> !name.isBlank())
                .orElseThrow(() -> new UsageException("--from needs the table that serves now"));
        String to = Optional.ofNullable(given.get("--to"))
                .filter(name -> !name.isBlank())
                .orElseThrow(() -> new UsageException("--to needs the table to move to"));
        if (from.equals(to)) {
            throw new UsageException("--from and --to name the same table: an online move needs a second table");
        }
        List<String> cutOver = Optional.ofNullable(given.get("--cut-over"))
                .map(value -> businesses("--cut-over", value, true))
                .orElse(List.of());
        List<String> cutBack = Optional.ofNullable(given.get("--cut-back"))
                .map(value -> businesses("--cut-back", value, false))
                .orElse(List.of());
        if (cutOver.stream().anyMatch(cutBack::contains)) {
            throw new UsageException("a business is named by both --cut-over and --cut-back");
        }
        Duration pauseBudget = Optional.ofNullable(given.get("--pause-budget"))
                .map(value -> Duration.ofMillis(
                        number("--pause-budget", value, MIN_PAUSE_MILLIS, MAX_PAUSE_BUDGET.toMillis())))
                .orElse(DEFAULT_PAUSE_BUDGET);
        int attempts = Optional.ofNullable(given.get("--attempts"))
                .map(value -> (int) number("--attempts", value, 1, 100))
                .orElse(DEFAULT_ATTEMPTS);
        Duration replicateFor = Optional.ofNullable(given.get("--replicate-for"))
                .map(value -> Duration.ofSeconds(number("--replicate-for", value, 0, 365L * 24 * 3600)))
                .orElse(null);
        verifyArguments.addAll(List.of("--table", to));
        VerifyOptions target = VerifyOptions.parse(verifyArguments);
        String apiFunction = Optional.ofNullable(given.get("--api-function"))
                .filter(name -> !name.isBlank())
                .orElse(null);
        if (lambdaEndpoint != null && apiFunction == null) {
            throw new UsageException("--lambda-endpoint needs --api-function, the function to read there");
        }
        boolean cutting = !cutOver.isEmpty() || !cutBack.isEmpty();
        if (cutting && apiFunction == null && target.endpoint() == null) {
            throw new UsageException("a cut-over on AWS needs --api-function, the API's function (the stack's"
                    + " ApiFunctionName output): its writes must check their business's route first");
        }
        return new OnlineMoveOptions(
                target, from, to, cutOver, cutBack, pauseBudget, attempts, replicateFor, apiFunction, lambdaEndpoint);
    }

    private static List<String> businesses(String option, String value, boolean allowAll) {
        if (allowAll && value.equals("all")) {
            return OnlineMoveCommand.ALL;
        }
        List<String> ids = Arrays.stream(value.split(",")).map(String::strip).toList();
        if (ids.stream().anyMatch(String::isEmpty)) {
            throw new UsageException(option + " needs business ids separated by commas" + (allowAll ? ", or all" : ""));
        }
        return ids;
    }

    private static long number(String option, String value, long min, long max) {
        try {
            long number = Long.parseLong(value);
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below, as an out-of-range number is
        }
        throw new UsageException(option + " must be a number from " + min + " to " + max + ", not '" + value + "'");
    }
}
