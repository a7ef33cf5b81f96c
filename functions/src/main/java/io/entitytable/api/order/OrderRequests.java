package io.entitytable.api.order;

import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.Patterns;
import io.entitytable.model.Field;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Set;

/** Bodies of the order endpoints. */
public final class OrderRequests {
    /**
     * An order, its lines and the count on its business are one TransactWriteItems, which holds at most 100 actions:
     * the order, the business counter, an idempotency record when the request has a key, and at most 97 lines.
     */
    public static final int MAX_LINES = Field.MOST_ITEMS;

    private OrderRequests() {}

    /**
     * @param shipTo the label of one of the customer's mailing addresses; the order keeps a copy of it
     * @param status the initial status, OPEN when absent
     */
    public record CreateOrder(
            @NotBlank @Pattern(regexp = Patterns.LABEL) String shipTo,
            @Pattern(regexp = Patterns.CARD) String paymentCard,
            @Pattern(regexp = OrderStatus.PATTERN, message = OrderStatus.MESSAGE) String status,
            @NotEmpty @Size(max = MAX_LINES) List<@NotNull @Valid LineInput> lines,
            @Size(max = Inputs.MAX_TAGS) Set<@Pattern(regexp = Patterns.TAG) String> tags) {}

    public record LineInput(
            @NotBlank @Pattern(regexp = Patterns.SKU) String sku,
            @Size(max = Inputs.MAX_TEXT) @Pattern(regexp = Patterns.TEXT, message = Patterns.TEXT_MESSAGE)
                    String description,
            @NotNull @Min(1) @Max(100_000) Integer quantity,
            @NotNull @Min(0) @Max(100_000_000) Long unitPriceCents) {}

    /** The status and the card may change; the lines, the customer snapshot and the ship-to address may not. */
    public record PatchOrder(
            @Pattern(regexp = OrderStatus.PATTERN, message = OrderStatus.MESSAGE) String status,
            @Pattern(regexp = Patterns.CARD) String paymentCard) {}
}
