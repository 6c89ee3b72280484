import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1732240000000 implements MigrationInterface {
  name = 'InitialSchema1732240000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_meta (
        key varchar(100) PRIMARY KEY,
        value text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE site_settings (
        id int PRIMARY KEY CHECK (id = 1),
        site_name varchar(200) NOT NULL,
        site_description text NOT NULL DEFAULT '',
        contact_email varchar(254) NOT NULL,
        support_phone varchar(100) NOT NULL DEFAULT '',
        live_chat_hours varchar(200) NOT NULL DEFAULT '',
        office_address varchar(500) NOT NULL DEFAULT '',
        maintenance_mode boolean NOT NULL DEFAULT false,
        allow_registration boolean NOT NULL DEFAULT false,
        default_user_role varchar(20) NOT NULL DEFAULT 'student'
          CHECK (default_user_role IN ('student', 'teacher', 'admin')),
        notification_email varchar(254) NOT NULL DEFAULT '',
        files_per_page int NOT NULL DEFAULT 10 CHECK (files_per_page BETWEEN 5 AND 100),
        max_file_size int NOT NULL DEFAULT 10 CHECK (max_file_size BETWEEN 1 AND 50),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The one settings row always exists; its defaults are those of spec sections 3 and 9.
    await q.query(
      `INSERT INTO site_settings (id, site_name, contact_email) VALUES (1, 'Past Paper Library', 'support@pastpaperlibrary.example')`,
    );
    await q.query(`
      CREATE TABLE subjects (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        code varchar(50) NOT NULL,
        level varchar(40) NOT NULL DEFAULT 'cambridge-o-levels',
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX subjects_code_lower_uq ON subjects (lower(code))`);
    await q.query(`CREATE INDEX subjects_level_idx ON subjects (level)`);
    await q.query(`
      CREATE TABLE past_papers (
        id serial PRIMARY KEY,
        subject_id int NOT NULL REFERENCES subjects (id) ON DELETE RESTRICT,
        year int NOT NULL,
        session varchar(20) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX past_papers_subject_idx ON past_papers (subject_id)`);
    await q.query(`CREATE INDEX past_papers_updated_idx ON past_papers (updated_at)`);
    await q.query(`
      CREATE TABLE variants (
        id serial PRIMARY KEY,
        past_paper_id int NOT NULL REFERENCES past_papers (id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        slug varchar(200) NOT NULL,
        version int NOT NULL,
        document_path varchar(500) NOT NULL,
        mark_scheme_path varchar(500),
        examiner_report_path varchar(500),
        document_size int NOT NULL DEFAULT 0,
        mark_scheme_size int,
        examiner_report_size int,
        document_downloads int NOT NULL DEFAULT 0,
        mark_scheme_downloads int NOT NULL DEFAULT 0,
        examiner_report_downloads int NOT NULL DEFAULT 0,
        document_last_downloaded_at timestamptz,
        mark_scheme_last_downloaded_at timestamptz,
        examiner_report_last_downloaded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX variants_past_paper_idx ON variants (past_paper_id)`);
    await q.query(`
      CREATE TABLE mark_schemes (
        id serial PRIMARY KEY,
        subject varchar(200) NOT NULL,
        code varchar(50) NOT NULL,
        paper_number varchar(50) NOT NULL,
        year int NOT NULL,
        session varchar(20) NOT NULL,
        file_path varchar(1000) NOT NULL,
        file_size int,
        past_paper_id int REFERENCES past_papers (id) ON DELETE SET NULL,
        downloads int NOT NULL DEFAULT 0,
        last_downloaded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX mark_schemes_past_paper_idx ON mark_schemes (past_paper_id)`);
    await q.query(`
      CREATE TABLE examiner_reports (
        id serial PRIMARY KEY,
        past_paper_id int NOT NULL REFERENCES past_papers (id) ON DELETE CASCADE,
        paper_number varchar(50) NOT NULL,
        summary text NOT NULL,
        file_path varchar(1000) NOT NULL,
        file_size int,
        downloads int NOT NULL DEFAULT 0,
        last_downloaded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX examiner_reports_past_paper_idx ON examiner_reports (past_paper_id)`);
    await q.query(`
      CREATE TABLE faqs (
        id serial PRIMARY KEY,
        question varchar(500) NOT NULL,
        answer text NOT NULL,
        category varchar(100) NOT NULL DEFAULT 'General',
        sort_order int NOT NULL DEFAULT 0 CHECK (sort_order >= 0),
        is_published boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX faqs_category_order_idx ON faqs (category, sort_order)`);
    await q.query(`
      CREATE TABLE inquiries (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        email varchar(254) NOT NULL,
        subject varchar(300) NOT NULL,
        message text NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'resolved')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX inquiries_status_created_idx ON inquiries (status, created_at)`);
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash varchar(255) NOT NULL,
        role varchar(20) NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        status varchar(20) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
        last_login_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_uq ON users (lower(email))`);
    await q.query(`
      CREATE TABLE revoked_tokens (
        jti varchar(64) PRIMARY KEY,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at)`);
    await q.query(`
      CREATE TABLE audit_log (
        id serial PRIMARY KEY,
        user_id int REFERENCES users (id) ON DELETE SET NULL,
        action varchar(40) NOT NULL,
        entity_type varchar(40) NOT NULL,
        entity_id int,
        description varchar(500) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_created_idx ON audit_log (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'audit_log',
      'revoked_tokens',
      'users',
      'inquiries',
      'faqs',
      'examiner_reports',
      'mark_schemes',
      'variants',
      'past_papers',
      'subjects',
      'site_settings',
      'app_meta',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
