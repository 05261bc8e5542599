import type { Kysely } from 'kysely';
import {
  createIndex,
  notNull,
  notNullUnique,
  optional,
  ownedBy,
  primaryKey,
  required,
  workspaceEntity,
  workspaceId,
  workspaceKey,
} from './ddl.js';

// One migration set for SQLite and PostgreSQL: only types both understand (text, integer, bigint).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', primaryKey)
    .addColumn('email', 'text', notNullUnique)
    .$call(required('text', 'name', 'password_hash'))
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'text', primaryKey)
    .addColumn('name', 'text', notNull)
    .addColumn('slug', 'text', notNullUnique)
    .addColumn('time_zone', 'text', notNull)
    .addColumn('week_start', 'integer', notNull)
    .$call(required('text', 'working_hours', 'map'))
    .addColumn('created_at', 'bigint', notNull)
    .execute();

  await db.schema
    .createTable('memberships')
    .$call(workspaceEntity)
    .addColumn('user_id', 'text', ownedBy('users'))
    .$call(required('text', 'role', 'colour'))
    .$call(optional('double precision', 'home_lat', 'home_lng'))
    .addColumn('deactivated_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('memberships_workspace_user', ['workspace_id', 'user_id'])
    .execute();
  await createIndex(db, 'memberships_user', 'memberships', ['user_id']);

  await db.schema
    .createTable('invitations')
    .$call(workspaceEntity)
    .$call(required('text', 'email', 'role'))
    .addColumn('token_hash', 'text', notNullUnique)
    .addColumn('expires_at', 'bigint', notNull)
    .$call(optional('bigint', 'accepted_at', 'revoked_at'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await createIndex(db, 'invitations_workspace', 'invitations', ['workspace_id']);

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', primaryKey)
    .addColumn('user_id', 'text', ownedBy('users'))
    .$call(required('bigint', 'created_at', 'expires_at'))
    .execute();
  await createIndex(db, 'sessions_user', 'sessions', ['user_id']);

  await db.schema
    .createTable('workspace_seq')
    .$call(workspaceKey)
    .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('changes')
    .$call(workspaceId)
    .addColumn('seq', 'bigint', notNull)
    .$call(required('text', 'entity', 'entity_id', 'action'))
    .addColumn('actor_id', 'text')
    .addColumn('at', 'bigint', notNull)
    .addPrimaryKeyConstraint('changes_pk', ['workspace_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['changes', 'workspace_seq', 'sessions', 'invitations', 'memberships', 'workspaces', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
