package io.entitytable.api.access;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Values;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the caller of this request may do, applied where the API reads or writes (the policy of docs/design.md §8,
 * "Authorization"):
 *
 * <ul>
 *   <li>An operator may do everything.
 *   <li>A member of a business may read and change that business and its customers, stores and orders (found through
 *       their {@code businessId}), and nothing else.
 *   <li>A subject the caller may not use is answered exactly as a subject that does not exist, 404, before anything is
 *       written, so a denial never tells whether an id exists. Only a route the caller may never use at all (creating
 *       a business, for a member) answers 403.
 * </ul>
 */
public abstract class Access {
    /** The caller of the current request. */
    public abstract Caller caller();

    /** 403 unless the caller is an operator. */
    public void requireOperator(String what) {
        if (!caller().operator()) {
            throw ApiProblem.forbidden("only operators may " + what);
        }
    }

    /**
     * 404 (as if absent, named {@code what} and {@code id}) unless the caller is an operator: for what only operators
     * see at all (a business's erase and its job), which a member, even of that business, finds as a business or job
     * that does not exist.
     */
    public void requireOperatorElseNotFound(String what, String id) {
        if (!caller().operator()) {
            throw ApiProblem.notFound(what, id);
        }
    }

    /** 404 (as if absent) unless the caller may use business {@code businessId}. */
    public void requireBusiness(String businessId) {
        requireOwnedBy(businessId, Entity.BUSINESS.keyName(), businessId);
    }

    /** 404 (as if absent) unless the caller may use the business the core item belongs to. */
    public void requireItem(Entity entity, String id, Map<String, AttributeValue> core) {
        requireOwnedBy(Values.string(core, Attributes.BUSINESS_ID), entity.keyName(), id);
    }

    /**
     * 404 (as if absent, named {@code what} and {@code id}) unless the caller may use {@code businessId}: for items that
     * are not subjects but belong to one's business, such as a job that outlives its store.
     */
    public void requireOwnedBy(String businessId, String what, String id) {
        if (!caller().mayUse(businessId)) {
            throw ApiProblem.notFound(what, id);
        }
    }

    /** Whether every subject is open to the caller, so that no read is needed to learn a subject's business. */
    public boolean seesEverything() {
        return caller().operator();
    }

    /** What binds a cursor to its caller: a cursor made for one caller is refused for another. */
    public String cursorScope() {
        return caller().subject();
    }
}
