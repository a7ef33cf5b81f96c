package io.entitytable.faultrun;

/**
 * Thrown into every DynamoDB call of a fan-out instance whose process is considered dead. It is not an SDK exception,
 * so neither the SDK nor the fan-out retries it.
 */
final class SandboxCrashed extends RuntimeException {
    SandboxCrashed(String message) {
        super(message, null, false, false);
    }
}
