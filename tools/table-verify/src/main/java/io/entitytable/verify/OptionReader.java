package io.entitytable.verify;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * The arguments of a command, read in order: each option's value is checked as it is read, so the first bad option is
 * the one reported. Every command of the tool reads its options through this, so an option means and checks the same
 * everywhere; which options a command takes is its own. Public for the other operators' tools (tenant-transfer), so
 * their options read and check the same way.
 */
public final class OptionReader {
    private final Deque<String> arguments;

    public OptionReader(List<String> args) {
        this.arguments = new ArrayDeque<>(args);
    }

    public boolean hasNext() {
        return !arguments.isEmpty();
    }

    /** The first argument, the command: one of {@code commands}, by its name. */
    public <T> T command(Map<String, T> commands) {
        if (!hasNext()) {
            throw new UsageException("no command given");
        }
        String name = next();
        T command = commands.get(name);
        if (command == null) {
            throw new UsageException("unknown command '" + name + "'");
        }
        return command;
    }

    /** The next argument: the command's name, or an option. */
    public String next() {
        return arguments.pop();
    }

    /** The value after {@code option}; an option (or nothing) there means it was left out. */
    public String value(String option) {
        if (arguments.isEmpty() || arguments.peek().startsWith("--")) {
            throw new UsageException(option + " needs a value");
        }
        return arguments.pop();
    }

    /** An http(s) URL with a host; {@code example} shows what is expected. */
    public URI url(String option, String example) {
        String value = value(option);
        try {
            URI uri = new URI(value);
            if (uri.getScheme() == null
                    || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                    || uri.getHost() == null) {
                throw new UsageException(option + " must be an http(s) URL, e.g. " + example);
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new UsageException(option + " is not a URL: " + e.getMessage());
        }
    }

    public boolean bool(String option) {
        String value = value(option);
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new UsageException(option + " must be true or false, not '" + value + "'");
        };
    }

    /**
     * Hands {@code option} and its value on to another command's options, which check the value: the options one
     * command takes from another (the table's, for migrate and reindex) are read by that command's parser.
     */
    void passOn(String option, List<String> to) {
        to.add(option);
        to.add(value(option));
    }
}
