import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The one row of site settings (id is always 1). */
@Entity({ name: 'site_settings' })
@Check('site_settings_id_check', 'id = 1')
@Check('site_settings_default_user_role_check', "default_user_role IN ('student', 'teacher', 'admin')")
@Check('site_settings_files_per_page_check', 'files_per_page BETWEEN 5 AND 100')
@Check('site_settings_max_file_size_check', 'max_file_size BETWEEN 1 AND 50')
export class SiteSettings {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ name: 'site_name', type: 'varchar', length: 200 })
  siteName!: string;

  @Column({ name: 'site_description', type: 'text', default: '' })
  siteDescription!: string;

  @Column({ name: 'contact_email', type: 'varchar', length: 254 })
  contactEmail!: string;

  @Column({ name: 'support_phone', type: 'varchar', length: 100, default: '' })
  supportPhone!: string;

  @Column({ name: 'live_chat_hours', type: 'varchar', length: 200, default: '' })
  liveChatHours!: string;

  @Column({ name: 'office_address', type: 'varchar', length: 500, default: '' })
  officeAddress!: string;

  @Column({ name: 'maintenance_mode', type: 'boolean', default: false })
  maintenanceMode!: boolean;

  @Column({ name: 'allow_registration', type: 'boolean', default: false })
  allowRegistration!: boolean;

  @Column({ name: 'default_user_role', type: 'varchar', length: 20, default: 'student' })
  defaultUserRole!: string;

  @Column({ name: 'notification_email', type: 'varchar', length: 254, default: '' })
  notificationEmail!: string;

  @Column({ name: 'files_per_page', type: 'int', default: 10 })
  filesPerPage!: number;

  @Column({ name: 'max_file_size', type: 'int', default: 10 })
  maxFileSize!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
